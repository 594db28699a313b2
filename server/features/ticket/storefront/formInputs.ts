import { escapeHtml } from '../../distribution';
import { withoutControls } from './orderForm';

/** An input's problem, told under it and by `aria-describedby` (with the hint), its input marked invalid. */
export const problemId = (id: string) => `${id}-problem`;

/**
 * A labelled input with its hint and problem, as the storefront's forms have them; `attributes` are written as
 * given (the caller's own, never the buyer's).
 *
 * @example inputField({ id: 'email', name: 'email', type: 'email', label: 'Email', value: '', attributes: 'required' })
 */
export function inputField(parts: {
  id: string;
  name: string;
  type: 'text' | 'email' | 'number';
  label: string;
  value: string;
  hint?: string;
  problem?: string;
  attributes?: string;
  className?: string;
}): string {
  const hintId = `${parts.id}-hint`;
  const described = [parts.hint ? hintId : '', parts.problem ? problemId(parts.id) : ''].filter(Boolean);
  return `<div class="${escapeHtml(parts.className ?? 'field')}">
<label for="${escapeHtml(parts.id)}">${escapeHtml(parts.label)}</label>
${parts.hint ? `<p class="hint" id="${escapeHtml(hintId)}">${escapeHtml(parts.hint)}</p>` : ''}<input id="${escapeHtml(parts.id)}" name="${escapeHtml(parts.name)}" type="${parts.type}" value="${escapeHtml(withoutControls(parts.value))}"${described.length ? ` aria-describedby="${escapeHtml(described.join(' '))}"` : ''}${parts.problem ? ' aria-invalid="true"' : ''}${parts.attributes ? ` ${parts.attributes}` : ''}>
${parts.problem ? `<p class="problem" id="${escapeHtml(problemId(parts.id))}">${escapeHtml(parts.problem)}</p>` : ''}</div>`;
}
