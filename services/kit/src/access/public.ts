import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'prd:public-route';

/**
 * Marks a route as open to anyone, on purpose. Every route must state its access policy — this,
 * `@WithUser()` or the internal guard — and the `prd/route-policy` lint rule refuses one that does not.
 */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);
