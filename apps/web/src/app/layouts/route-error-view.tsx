import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, isRouteErrorResponse, useRouteError } from 'react-router';
import { NOT_FOUND_PATH } from 'lib/navigation';
import { isOffline } from '../offline-ready';

const isChunkError = (e: unknown) =>
  e instanceof Error &&
  /dynamically imported module|Importing a module script failed|Failed to fetch|ChunkLoadError|Loading chunk/i.test(
    e.message,
  );

/** A page that failed to load or render: offer a reload (a new version may have replaced the old files). */
export function RouteErrorView() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className="fullscreen-center">
      <Result
        status="error"
        title={t(isChunkError(error) ? 'error.loadFailedTitle' : 'error.title')}
        subTitle={t(isChunkError(error) ? (isOffline() ? 'error.offlineLoad' : 'error.loadFailed') : 'error.subtitle')}
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>,
          <Button key="home" href="/">
            {t('actions.backHome')}
          </Button>,
        ]}
      />
    </div>
  );
}
