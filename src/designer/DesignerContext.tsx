import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Template } from '../../domain/schemas/template';
import type { JsonTemplateT, StyleBodyT } from '../../domain/template/jsonTemplateSchema';
import type { PassStyle } from '../../domain/template/limits';
import { passStyleOf, type TemplateProblem } from '../../domain/template/rules';
import { bodyOf, withBody } from './designerRules';
import { designStyleOf, type DesignStyle } from './designStyles';
import { DesignerTexts } from './DesignerTexts';
import { placeholderOptions, type PlaceholderOption } from './dynamicData';
import { withTicketPlaceholders } from './ticketPlaceholders';
import { useIssuesTickets } from './useIssuesTickets';

export type TemplateImages = Template['images'];

/** What every part of the designer reads and changes: the template being edited, through the form. */
export interface Designer {
  jsonTemplate: JsonTemplateT;
  /** undefined: no pass style, or several ('Unsupported pass style') */
  style: PassStyle | undefined;
  /** the layout asked for (poster event ticket, semantic boarding pass, poster generic) or the classic style */
  designStyle: DesignStyle | undefined;
  body: StyleBodyT;
  languages: readonly string[];
  images: TemplateImages;
  projectId: string;
  dynamicDataJsonSchema: unknown;
  /** the schema's placeholders, and the ticket contract's when the template issues tickets */
  placeholders: readonly PlaceholderOption[];
  /** a product issues its tickets from the template: the ticket contract fills its placeholders */
  issuesTickets: boolean;
  readOnly: boolean;
  /** validation errors and warnings of the whole template, paths from its root (/jsonTemplate/…) */
  errors: readonly TemplateProblem[];
  warnings: readonly TemplateProblem[];
  /** changes the pass.json; marks the form changed */
  update: (change: (jsonTemplate: JsonTemplateT) => JsonTemplateT) => void;
  /** changes the body of the pass style (fields, transit type) */
  updateBody: (change: (body: StyleBodyT) => StyleBodyT) => void;
  setImages: (images: TemplateImages) => void;
}

const DesignerContext = createContext<Designer | null>(null);

export function useDesigner(): Designer {
  const designer = useContext(DesignerContext);
  if (!designer) throw new Error('useDesigner must be used inside <DesignerProvider>.');
  return designer;
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * The problems at a path of the pass.json or below it.
 *
 * @example problemsAt(errors, '/storeCard/primaryFields/0') // the problems of the first primary field
 */
export function problemsAt(
  problems: readonly TemplateProblem[],
  jsonTemplatePath: string,
): TemplateProblem[] {
  const path = `/jsonTemplate${jsonTemplatePath}`;
  return problems.filter((problem) => under(problem.path, path));
}

/**
 * Provides the designer with the template form's values (react-hook-form); edits go back to the form with
 * shouldDirty so that Save and Apply light up; and with its own texts (DesignerTexts).
 */
export const DesignerProvider = ({
  readOnly,
  errors,
  warnings,
  children,
}: {
  readOnly: boolean;
  errors: readonly TemplateProblem[];
  warnings: readonly TemplateProblem[];
  children: ReactNode;
}) => {
  const { getValues, setValue } = useFormContext<Template>();
  const [jsonTemplate, languages, images, projectId, dynamicDataJsonSchema, templateId] = useWatch<Template>({
    name: ['jsonTemplate', 'languages', 'images', 'projectId', 'dynamicDataJsonSchema', 'id'],
  }) as [
    JsonTemplateT,
    string[] | undefined,
    TemplateImages | undefined,
    string,
    unknown,
    string | undefined,
  ];
  const style = passStyleOf((jsonTemplate ?? {}) as JsonTemplateT);
  const issuesTickets = useIssuesTickets(templateId, style);
  const [language] = useLocaleState();

  const update = useCallback(
    (change: (jsonTemplate: JsonTemplateT) => JsonTemplateT) => {
      const next = change(getValues('jsonTemplate') as JsonTemplateT);
      setValue('jsonTemplate', next as Template['jsonTemplate'], { shouldDirty: true });
    },
    [getValues, setValue],
  );
  const updateBody = useCallback(
    (change: (body: StyleBodyT) => StyleBodyT) =>
      update((template) => withBody(template, change(bodyOf(template)))),
    [update],
  );
  const setImages = useCallback(
    (next: TemplateImages) => setValue('images', next, { shouldDirty: true }),
    [setValue],
  );
  const placeholders = useMemo(() => {
    const fromSchema = placeholderOptions(dynamicDataJsonSchema);
    return issuesTickets ? withTicketPlaceholders(fromSchema, language) : fromSchema;
  }, [dynamicDataJsonSchema, issuesTickets, language]);

  const value = useMemo<Designer>(() => {
    const template = (jsonTemplate ?? {}) as JsonTemplateT;
    return {
      jsonTemplate: template,
      style,
      designStyle: designStyleOf(template),
      body: bodyOf(template),
      languages: languages?.length ? languages : ['en'],
      images: images ?? {},
      projectId,
      dynamicDataJsonSchema,
      placeholders,
      issuesTickets,
      readOnly,
      errors,
      warnings,
      update,
      updateBody,
      setImages,
    };
  }, [
    jsonTemplate,
    languages,
    images,
    projectId,
    dynamicDataJsonSchema,
    placeholders,
    issuesTickets,
    style,
    readOnly,
    errors,
    warnings,
    update,
    updateBody,
    setImages,
  ]);

  return (
    <DesignerContext.Provider value={value}>
      <DesignerTexts>{children}</DesignerTexts>
    </DesignerContext.Provider>
  );
};
