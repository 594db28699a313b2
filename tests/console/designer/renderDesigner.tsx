import { useEffect, useMemo, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { Template } from '../../../domain/schemas/template';
import type { Viewer } from '../../../domain/schemas/user';
import type { JsonTemplateT } from '../../../domain/template/jsonTemplateSchema';
import { validateTemplate } from '../../../domain/template/validateTemplate';
import { ConfigProvider } from '../../../src/config';
import { DesignerProvider } from '../../../src/designer/DesignerContext';
import { admin, memoryDataProvider, P1, testConfig } from '../harness';
import { renderInAdmin } from '../renderInAdmin';

export const TEMPLATE_ID = '33333333-3333-4333-8333-333333333333';

/** A template as the API answers it, white on black, with the given pass.json. */
export const aTemplate = (jsonTemplate: JsonTemplateT, overrides: Partial<Template> = {}): Template => ({
  id: TEMPLATE_ID,
  name: 'Loyalty card',
  projectId: P1,
  certificateId: null,
  jsonTemplate: jsonTemplate as Template['jsonTemplate'],
  dynamicDataJsonSchema: { type: ['object', 'null'], title: 'DynamicData', properties: {} },
  // as the API answers it: the dynamic data schema again, by Yourpass's name
  jsonSchema: overrides.dynamicDataJsonSchema ?? {
    type: ['object', 'null'],
    title: 'DynamicData',
    properties: {},
  },
  languages: ['en'],
  images: {},
  translations: {},
  distributable: false,
  valid: true,
  saveToGooglePayObjectTemplate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  ...overrides,
});

const Validated = ({ readOnly, children }: { readOnly: boolean; children: ReactNode }) => {
  const values = useWatch() as Template;
  const check = useMemo(
    () =>
      validateTemplate({
        jsonTemplate: values.jsonTemplate,
        languages: values.languages,
        dynamicDataJsonSchema: values.dynamicDataJsonSchema,
        images: values.images,
      }),
    [values],
  );
  return (
    <DesignerProvider readOnly={readOnly} errors={check.errors} warnings={check.warnings}>
      {children}
    </DesignerProvider>
  );
};

/**
 * Renders a piece of the designer over a template form, as the template page does; `form()` reads the form
 * (values, dirty state) after the user's actions.
 *
 * @example const { form } = renderDesigner(<PassPreview side="front" … />, aTemplate(json)); form().getValues('jsonTemplate')
 */
export function renderDesigner(
  ui: ReactNode,
  template: Template,
  options: {
    readOnly?: boolean;
    width?: number;
    dataProvider?: ReturnType<typeof memoryDataProvider>;
    /** the signed-in user; an administrator by default */
    viewer?: Viewer;
  } = {},
) {
  window.innerWidth = options.width ?? 1400;
  const formApi: { current?: UseFormReturn<Template> } = {};
  const Form = () => {
    const form = useForm<Template>({ defaultValues: template });
    useEffect(() => {
      formApi.current = form;
    });
    return (
      <FormProvider {...form}>
        <Validated readOnly={options.readOnly ?? false}>{ui}</Validated>
      </FormProvider>
    );
  };
  const data = options.dataProvider ?? memoryDataProvider();
  const rendered = renderInAdmin(
    <ConfigProvider config={testConfig}>
      <Form />
    </ConfigProvider>,
    { viewer: options.viewer ?? admin, dataProvider: data.dataProvider },
  );
  const form = () => {
    if (!formApi.current) throw new Error('The designer form has not rendered.');
    return formApi.current;
  };
  return { ...rendered, form, data };
}
