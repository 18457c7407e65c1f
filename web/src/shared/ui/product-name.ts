export const PRODUCT_NAME = 'PRD Studio';
