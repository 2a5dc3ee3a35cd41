/**
 * Errors the storage repositories throw on purpose (everything else is a driver error: connection,
 * constraint, serialisation). The API maps RecordNotFoundError to 404; the admin CLI prints it.
 */

/** A row the caller named by id does not exist. */
export class RecordNotFoundError extends Error {
  readonly entity: 'user' | 'entitlement' | 'checkout session';
  readonly ref: string;
  constructor(entity: RecordNotFoundError['entity'], ref: string) {
    super(`No ${entity} ${ref}`);
    this.name = 'RecordNotFoundError';
    this.entity = entity;
    this.ref = ref;
  }
}

/** A change was asked for without saying who makes it or why. */
export class IncompleteChangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IncompleteChangeError';
  }
}
