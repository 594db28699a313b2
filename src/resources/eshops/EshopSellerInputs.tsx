import { Typography } from '@mui/material';
import { BooleanInput, TextInput, useTranslate } from 'react-admin';

/**
 * The Seller tab: who sells, as the invoice names them (name and registered address, company ID, VAT ID, whether a
 * VAT payer, the register entry), where buyers write to, and the terms they agree to in the storefront.
 */
export const EshopSellerInputs = () => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 640 }}>
        {translate('app.ticket.eshop.sellerHelp')}
      </Typography>
      <TextInput source="seller.legalName" sx={{ minWidth: 320 }} />
      <TextInput source="seller.address" multiline minRows={3} sx={{ minWidth: 320 }} />
      <TextInput source="seller.companyId" />
      <TextInput source="seller.vatId" />
      <BooleanInput source="seller.vatPayer" helperText="app.ticket.eshop.vatPayerHelp" />
      <TextInput source="seller.email" type="email" sx={{ minWidth: 320 }} />
      <TextInput
        source="seller.registration"
        helperText="app.ticket.eshop.registrationHelp"
        sx={{ minWidth: 320 }}
        fullWidth
      />
      <TextInput source="termsUrl" helperText="app.ticket.eshop.termsUrlHelp" fullWidth />
    </>
  );
};
