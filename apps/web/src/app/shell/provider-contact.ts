/** The provider's WhatsApp number (international digits). */
export const PROVIDER_WHATSAPP = (import.meta.env.VITE_PROVIDER_WHATSAPP || '201000000000').replace(/\D/g, '');

/** A WhatsApp chat link to the provider with a prefilled message. */
export const providerChatLink = (text: string) => `https://wa.me/${PROVIDER_WHATSAPP}?text=${encodeURIComponent(text)}`;
