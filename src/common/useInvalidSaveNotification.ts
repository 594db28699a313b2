import { useEffect, useRef } from 'react';
import { useNotify } from 'react-admin';
import { useFormState, type FieldErrors } from 'react-hook-form';

/** Does the form hold a problem of its own validation? The server's refusal (type 'server') is notified apart. */
function hasOwnProblems(errors: FieldErrors): boolean {
  return Object.values(errors).some((error) => {
    if (!error || typeof error !== 'object') return false;
    if (typeof (error as { type?: unknown }).type === 'string') return error.type !== 'server';
    return hasOwnProblems(error as FieldErrors);
  });
}

/**
 * 'Some fields are required!' (spec section 5) each time Save or Apply meets a form that does not validate (a save
 * the server refused has its own notification, and its messages on the fields).
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
    if (submitCount > 0 && hasOwnProblems(errors)) notify('ra.message.invalid_form', { type: 'error' });
  }, [submitCount, errors, notify]);
}
