import type { Widgets } from '../../common/generated/widgets';
import { RawViewButton } from '../../common/RawViewButton';
import { defaultEshop } from '../../../domain/ticket/defaults';
import { CurrencyInput } from './CurrencyInput';
import { eshopBody } from './eshopBody';
import { EshopEmailInputs } from './EshopEmailInputs';
import { EshopLocalizationInputs } from './EshopLocalizationInputs';
import { EshopPaymentsTab } from './EshopPaymentsTab';
import { EshopVersionInput } from './EshopVersionInput';
import { EshopWysiwygTab } from './EshopWysiwygTab';
import { StorefrontLink } from './StorefrontLink';

// the New page starts in the viewer's first project by name, chosen by the generator
const { projectId: _project, ...newEshop } = defaultEshop('');

/**
 * The e-shops' own pieces: the storefront link, the version and currency pickers, the localization, email, payments
 * and (admins) HTML preview tabs, a row's raw view; the body Save sends, and a new e-shop's spec defaults.
 */
export const eshopWidgets: Widgets = {
  fields: {
    storefrontLink: StorefrontLink,
    eshopVersionInput: EshopVersionInput,
    currencyInput: CurrencyInput,
    eshopLocalization: EshopLocalizationInputs,
    eshopEmail: EshopEmailInputs,
    eshopPayments: EshopPaymentsTab,
    eshopWysiwyg: EshopWysiwygTab,
    rawView: RawViewButton,
  },
  transforms: { eshopBody },
  createDefaults: () => newEshop,
};
