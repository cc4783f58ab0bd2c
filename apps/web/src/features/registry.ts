import type { ComponentType } from 'react';

/** A feature page, loaded on first visit so the shell stays small. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

interface FeatureRoutes {
  /** Keys are RouteDef.path exactly as in the contract's ROUTES. */
  pages: Record<string, PageLoader>;
  /** Pages made without antd (issue 18): they show without antd's providers (app/layouts/root-shell.tsx). */
  plainPages?: readonly string[];
}

const features = import.meta.glob<FeatureRoutes>('./*/routes.ts', { eager: true });

/** Every built page by route path; a route without an entry here is not registered (it shows the 404 page). */
export const pages: Readonly<Record<string, PageLoader>> = Object.freeze(
  Object.assign({}, ...Object.values(features).map((f) => f.pages ?? {})) as Record<string, PageLoader>,
);

export const plainPages: ReadonlySet<string> = new Set(Object.values(features).flatMap((f) => f.plainPages ?? []));

export const isBuilt = (path: string): boolean => Object.hasOwn(pages, path);
