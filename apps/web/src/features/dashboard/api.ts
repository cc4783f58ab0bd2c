import { type DashboardInput, dashboardCalls } from '@dental/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall } from '../../lib/query';

/*
 * The dashboard's six figures (Dashboard/*, docs/dashboard.md). The keys start with 'Dashboard', which the live
 * connection refreshes on RefreshTodayAppointments; an error shows in the card, not as a toast.
 */
const options = { placeholderData: keepPreviousData, silent: true } as const;
export const useDailyAppointments = (input: DashboardInput) => useCall(dashboardCalls.getDailyAppointments, input, options);
export const useDailyWorkedHours = (input: DashboardInput) => useCall(dashboardCalls.getDailyWorkedHours, input, options);
export const useNewPatientsMonth = (input: DashboardInput) => useCall(dashboardCalls.getNewPatientsMonth, input, options);
export const usePatientReference = (input: DashboardInput) => useCall(dashboardCalls.getPatientReference, input, options);
export const usePaymentsTypesMonth = (input: DashboardInput) => useCall(dashboardCalls.getPaymentsTypesCountMonth, input, options);
export const useTreatmentsPerMonth = (input: DashboardInput) => useCall(dashboardCalls.getTreatmentsPerMonth, input, options);
