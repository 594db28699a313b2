import { Box, Typography } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { TextInput, ValidationError, type TextInputProps } from 'react-admin';
import { isUuid } from '../../domain/where';

/** An id filter applies only once it is a whole id (the API searches ids by equality, never by a part). */
export const anId = (value: unknown) =>
  value === null || value === undefined || value === '' || isUuid(value) ? undefined : 'app.pass.invalidId';

/**
 * A filter of an id that says, under the input, that a whole id is needed while the value is a part of one:
 * react-admin hides filters' helper texts, which would leave the input red without a word.
 *
 * @example <WholeIdFilterInput key="id" source="id" />
 */
export const WholeIdFilterInput = (props: TextInputProps) => {
  const { errors } = useFormState({ name: props.source });
  const message = errors[props.source]?.message;
  return (
    <Box sx={{ width: '100%' }}>
      <TextInput {...props} validate={anId} sx={{ width: '100%' }} />
      {typeof message === 'string' && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block' }}>
          <ValidationError error={message} />
        </Typography>
      )}
    </Box>
  );
};
