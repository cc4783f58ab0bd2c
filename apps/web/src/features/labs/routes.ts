import type { PageLoader } from '../registry';

/** Labs and lab orders (issue 16): the clinic's pages, and the lab user's own orders. */
export const pages: Record<string, PageLoader> = {
  '/Labs': () => import('./pages/labs-page'),
  '/Labs/PriceList/:ID?': () => import('./pages/lab-price-list-page'),
  '/LabsOrders': () => import('./pages/lab-orders-page'),
  '/LabOrderDetails/:ID?/:LID?/:PID?/:TN?': () => import('./pages/lab-order-page'),
  '/LabMyOrders': () => import('./pages/my-lab-orders-page'),
};
