import { type CallInput, feedbackCalls } from '@dental/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall, useCallMutation } from '../../lib/query';

const c = feedbackCalls;
type In<K extends keyof typeof c> = CallInput<(typeof c)[K]>;

export const useFeedbackQuestions = () => useCall(c.getFeedbackQuestions, {});
export const useSaveFeedbackQuestion = () => useCallMutation(c.saveFeedbackQuestion, { silent: true });
export const useDeleteFeedbackQuestions = () => useCallMutation(c.deleteFeedbackQuestions);
export const useFeedbackAnswers = (input: In<'getFeedbackAnswers'>) =>
  useCall(c.getFeedbackAnswers, input, { placeholderData: keepPreviousData });
export const useCreateFeedbackLink = () => useCallMutation(c.createFeedbackLink);
/** The public form: silent (the page says why in place) and never retried (a bad link stays bad). */
export const useFeedbackForm = (token: string) => useCall(c.getFeedbackForm, { token }, { silent: true, retry: false, enabled: token !== '' });
export const useSaveFeedbackAnswers = () => useCallMutation(c.saveFeedbackAnswers, { silent: true });

/** A question's or option's text in the screen's language, else the first one the clinic wrote (as the server does). */
export const textIn = (text: { ar: string | null; en: string | null; fr: string | null }, lang: 'ar' | 'en' | 'fr') =>
  text[lang] ?? text.ar ?? text.en ?? text.fr ?? '';
