import { RequestsList } from '../components/requests-list';
import { RequestsNav, SUPPORT_PATH } from '../components/requests-nav';

/** /Support: this clinic's support requests (no other clinic sees them). */
export default function SupportPage() {
  return (
    <>
      <RequestsNav current={SUPPORT_PATH} />
      <RequestsList kind="support" />
    </>
  );
}
