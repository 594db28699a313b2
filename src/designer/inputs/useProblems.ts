import { problemsAt, useDesigner } from '../DesignerContext';

/**
 * The error messages at a pass.json path or below it, for an input that is not a ValueInput.
 *
 * @example useErrorMessages('/barcodes/0/messageEncoding') // ['must NOT have fewer than 1 characters']
 */
export function useErrorMessages(path: string, exact = false): string[] {
  const { errors } = useDesigner();
  return problemsAt(errors, path)
    .filter((problem) => !exact || problem.path === `/jsonTemplate${path}`)
    .map((problem) => problem.message);
}
