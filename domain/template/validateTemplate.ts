import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { czechFieldProblem } from '../czechFieldProblem';
import { problemAt } from '../problem';
import { LANGUAGES } from './languages';
import { JsonTemplate, type JsonTemplateT } from './jsonTemplateSchema';
import { checkTemplateRules, passStyleOf, type TemplateProblem } from './rules';
import { closestBranchErrors, problemOf } from './ajvErrors';
import { createUserSchemaAjv, patternProblems } from '../userSchemas/userSchemaAjv';

/** The template's shared definitions stay functions of their own (inlined, they would be compiled at every use). */
const ajv = new Ajv({ allErrors: true, strict: false, inlineRefs: false });
addFormats(ajv);
const validateJsonTemplate = ajv.compile<JsonTemplateT>(JsonTemplate);

export interface TemplateCheck {
  errors: TemplateProblem[];
  warnings: TemplateProblem[];
}

export interface TemplateParts {
  jsonTemplate: unknown;
  languages: readonly string[];
  dynamicDataJsonSchema?: unknown;
  images?: Record<string, unknown>;
}

/**
 * What validateTemplate checks of a template: a saved row (the server) or the form's values (the console).
 *
 * @example validateTemplate(templatePartsOf(row)).errors
 */
export function templatePartsOf(template: object): TemplateParts {
  const { jsonTemplate, languages, dynamicDataJsonSchema, images } = template as Record<string, unknown>;
  return {
    jsonTemplate,
    languages: Array.isArray(languages) ? languages.map(String) : [],
    dynamicDataJsonSchema,
    images: (images ?? undefined) as Record<string, unknown> | undefined,
  };
}

/** Is this a structure the designer can edit? (Otherwise: 'Template format is not supported and cannot be edited.') */
export function isSupportedStructure(jsonTemplate: unknown): boolean {
  return validateJsonTemplate(jsonTemplate) && passStyleOf(jsonTemplate) !== undefined;
}

/** Compiling a schema costs milliseconds: the designer validates on every keystroke, the schema rarely changes. */
const schemaChecks = new Map<string, TemplateProblem[]>();
const SCHEMA_CHECKS_KEPT = 20;

function checkDynamicDataSchema(schema: unknown): TemplateProblem[] {
  if (schema === undefined) return [];
  let key: string;
  try {
    key = JSON.stringify(schema);
  } catch (error) {
    return [notASchema(error)];
  }
  const known = schemaChecks.get(key);
  if (known) return known;
  const problems = compileProblems(schema);
  if (schemaChecks.size >= SCHEMA_CHECKS_KEPT)
    schemaChecks.delete(schemaChecks.keys().next().value as string);
  schemaChecks.set(key, problems);
  return problems;
}

/** The compiler's own words stay as it wrote them (quoted in the Czech). */
function notASchema(error: unknown): TemplateProblem {
  const reason = error instanceof Error ? error.message : String(error);
  return problemAt('/dynamicDataJsonSchema', {
    en: `is not a valid JSON Schema: ${reason}`,
    cs: `není platné JSON Schema: „${reason}“`,
  });
}

/** Patterns first: their problems have a path of their own, which the compiler's message would not give. */
function compileProblems(schema: unknown): TemplateProblem[] {
  try {
    const patterns = patternProblems(schema, '/dynamicDataJsonSchema');
    if (patterns.length) return patterns;
    createUserSchemaAjv().compile(schema as object);
    return [];
  } catch (error) {
    return [notASchema(error)];
  }
}

/**
 * Validates a template against the schema and the rules of spec section 5. Errors are by path from the template's
 * root (`/jsonTemplate/storeCard/primaryFields/0/value`) so that the console can mark the tab and area.
 *
 * @example validateTemplate({ jsonTemplate, languages: ['en'] }).errors
 */
export function validateTemplate(parts: TemplateParts): TemplateCheck {
  const errors: TemplateProblem[] = [];
  parts.languages.forEach((language, index) => {
    if (!(language in LANGUAGES))
      errors.push(
        problemAt(`/languages/${index}`, {
          en: 'must be equal to one of the allowed values',
          cs: czechFieldProblem('enum', {}),
        }),
      );
  });
  if (parts.images?.icon !== undefined && typeof parts.images.icon === 'object')
    errors.push(
      problemAt('/images/icon', {
        en: 'Icon images cannot be translated',
        cs: 'Ikona nemůže mít překlady pro jednotlivé jazyky',
      }),
    );
  errors.push(...checkDynamicDataSchema(parts.dynamicDataJsonSchema));
  if (!validateJsonTemplate(parts.jsonTemplate)) {
    const structural = closestBranchErrors(validateJsonTemplate.errors ?? []).map((error) =>
      problemOf(error, '/jsonTemplate'),
    );
    return { errors: [...errors, ...dedupe(structural)], warnings: [] };
  }
  const rules = checkTemplateRules(parts.jsonTemplate, parts.languages);
  const prefix = (problem: TemplateProblem) => ({ ...problem, path: `/jsonTemplate${problem.path}` });
  return { errors: [...errors, ...rules.errors.map(prefix)], warnings: rules.warnings.map(prefix) };
}

function dedupe(problems: TemplateProblem[]): TemplateProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.path} ${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
