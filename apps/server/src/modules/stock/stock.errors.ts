import { AppError } from '../../core/errors';

/** A pool has fewer usable units of a product group than a movement asked for (409). */
export class InsufficientStockError extends AppError {
  constructor(
    readonly productCode: string,
    readonly productName: string,
    readonly available: number,
    readonly requested: number,
  ) {
    super(
      409,
      `Only ${available} ${productName} ${available === 1 ? 'license is' : 'licenses are'} available (${requested} requested).`,
    );
    this.name = 'InsufficientStockError';
  }
}

/** Units asked to be consumed or released that the pool does not hold in transit (409). */
export class NotInTransitError extends AppError {
  constructor(
    readonly licenseId: string,
    readonly inTransit: number,
    readonly requested: number,
  ) {
    super(409, `Only ${inTransit} reserved licenses of this lot are in transit, ${requested} requested.`);
    this.name = 'NotInTransitError';
  }
}
