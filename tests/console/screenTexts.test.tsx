import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, useTranslate } from 'react-admin';
import { designerMessages } from '../../src/designer/designerMessages';
import { czech } from '../../src/i18n/czech';
import { createI18nProvider } from '../../src/i18n/i18nProvider';
import { ScreenTexts } from '../../src/i18n/ScreenTexts';
import { useWebhookTranslate } from '../../src/resources/webhooks/webhookMessages';

/** A lazily loaded screen's texts, as its components ask for them. */
const Texts = () => {
  const translate = useTranslate();
  const webhookText = useWebhookTranslate();
  return (
    <ul>
      <li>{webhookText('redeliverFailure', { error: 'timeout' })}</li>
      <li>{translate('app.designer.layout.oopsTitle')}</li>
      {/* as useNotifyResult asks: the key is its own default text */}
      <li>{translate('app.designer.inputs.errorTitle', { _: 'app.designer.inputs.errorTitle' })}</li>
      <li>{translate('app.action.copy')}</li>
    </ul>
  );
};

const renderIn = (locale: 'en' | 'cs') =>
  render(
    <AdminContext
      i18nProvider={createI18nProvider(locale, locale === 'cs' ? { cs: czech } : {})}
      store={memoryStore()}
    >
      <ScreenTexts tables={designerMessages} prefix="app.designer">
        <Texts />
      </ScreenTexts>
    </AdminContext>,
  );

describe('the texts that load with their screens', () => {
  it('are shown in English', async () => {
    renderIn('en');
    await screen.findByText('The delivery could not be queued again: timeout');
    expect(screen.getByText('Oops!')).toBeTruthy();
    expect(screen.getByText(designerMessages.en.inputs.errorTitle)).toBeTruthy();
    expect(screen.getByText('Copy')).toBeTruthy();
  });

  it('are shown in Czech, the console’s own texts too', async () => {
    renderIn('cs');
    await screen.findByText('Doručení se nepodařilo znovu zařadit: timeout');
    expect(screen.getByText('Jejda!')).toBeTruthy();
    expect(screen.getByText(designerMessages.cs.inputs.errorTitle)).toBeTruthy();
    expect(screen.getByText('Kopírovat')).toBeTruthy();
  });
});
