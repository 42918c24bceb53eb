/** A status change that a lifecycle's transition table does not allow. */
export class LifecycleTransitionError extends Error {
  override name = 'LifecycleTransitionError';
  constructor(
    readonly subject: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(`A ${subject} cannot go from ${from} to ${to}`);
  }
}
