import { DownloadOutlined } from '@ant-design/icons';
import { type CallDescriptor, type CallInput, callPath } from '@dental/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fillPath, requestHeaders, toQueryString } from '../../lib/api';
import { i18n } from '../../lib/i18n';
import { notify } from '../../lib/toast';

/**
 * Downloads a PDF the server renders (Documents/Get…Pdf: the bytes, not JSON) with the session's headers, and saves
 * it as `fileName`. A refusal shows the server's translated message.
 */
export async function downloadPdf<D extends CallDescriptor>(d: D, input: CallInput<D>, fileName: string): Promise<void> {
  const { path, rest } = fillPath(callPath(d), input as Record<string, unknown>);
  const headers = { ...requestHeaders(), Accept: 'application/pdf' };
  let res: Response;
  try {
    res = await fetch(path + toQueryString(rest), { headers });
  } catch {
    notify.warning(i18n.t('unexpected', { ns: 'errors' }));
    return;
  }
  if (res.status !== 200) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    notify.warning(body?.message ?? i18n.t('unexpected', { ns: 'errors' }));
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A "Download PDF" button for one server-rendered document. */
export function DownloadPdfButton<D extends CallDescriptor>({
  call,
  input,
  fileName,
}: {
  call: D;
  input: CallInput<D>;
  fileName: string;
}) {
  const { t } = useTranslation('print');
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    void downloadPdf(call, input, fileName).finally(() => setBusy(false));
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run} data-testid="download-pdf">
      {t('downloadPdf')}
    </Button>
  );
}
