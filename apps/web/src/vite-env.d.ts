/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** The provider's WhatsApp number (digits, international, no +) for 'Upgrade Now' and support links. */
  readonly VITE_PROVIDER_WHATSAPP?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The contract's error catalogue in one language, code → text (error-texts-plugin.ts). */
declare module 'virtual:error-texts/*' {
  const texts: Record<string, string>;
  export default texts;
}
