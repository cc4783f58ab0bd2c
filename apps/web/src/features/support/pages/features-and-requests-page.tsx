import { RequestsList } from '../components/requests-list';
import { FEATURES_PATH, RequestsNav } from '../components/requests-nav';

/** /FeaturesAndRequests: feature requests of every clinic, voted on by all. */
export default function FeaturesAndRequestsPage() {
  return (
    <>
      <RequestsNav current={FEATURES_PATH} />
      <RequestsList kind="feature" />
    </>
  );
}
