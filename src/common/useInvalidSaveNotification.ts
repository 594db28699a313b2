import { useEffect, useRef } from 'react';
import { useNotify } from 'react-admin';
import { useFormState } from 'react-hook-form';

/**
 * 'Some fields are required!' (spec section 5) each time Save or Apply meets a form that does not validate.
 * react-admin's own notice waits for the submit count to pass the highest it saw, and an item page's form is reset
 * (its count back to 0) after each Apply: the next refused save would go unannounced.
 *
 * @example useInvalidSaveNotification() // in the form's toolbar
 */
export function useInvalidSaveNotification(): void {
  const { submitCount, errors } = useFormState();
  const notify = useNotify();
  const seen = useRef(submitCount);
  useEffect(() => {
    if (submitCount === seen.current) return;
    seen.current = submitCount;
    if (submitCount > 0 && Object.keys(errors).length > 0)
      notify('ra.message.invalid_form', { type: 'error' });
  }, [submitCount, errors, notify]);
}
