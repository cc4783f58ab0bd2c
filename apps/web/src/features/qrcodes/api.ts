import { qrCodeCalls } from '@dental/contract';
import { useCall, useCallMutation } from '../../lib/query';

const c = qrCodeCalls;
export const useQrCodes = () => useCall(c.getQrCodes, {});
export const useSaveQrCode = () => useCallMutation(c.saveQrCode, { silent: true });
export const useDeleteQrCode = () => useCallMutation(c.deleteQrCode);
export const useScanQrCode = () => useCallMutation(c.scanQrCode, { silent: true });
