/**
 * What a job handler throws when its job can never succeed (the other side refused the request for good, the data
 * cannot be sent): the job fails at once with this message instead of coming back with backoff.
 *
 * @example throw new PermanentJobFailure(`Google Wallet refused the object: ${reason}`)
 */
export class PermanentJobFailure extends Error {
  override name = 'PermanentJobFailure';
}
