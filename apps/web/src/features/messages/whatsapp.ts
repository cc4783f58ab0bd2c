/**
 * Opens the WhatsApp chat of a message in a new tab. The tab is opened inside the click (a pop-up blocker lets
 * it through), then sent to the wa.me link once the server has filled the text; if no link comes it is closed.
 * The chat page never gets a handle on the app (opener cleared).
 */
export async function openChat(getLink: () => Promise<string | null | undefined>): Promise<boolean> {
  const tab = window.open('', '_blank');
  try {
    const link = await getLink();
    if (!link) {
      tab?.close();
      return false;
    }
    if (tab) {
      tab.opener = null;
      tab.location.href = link;
    } else {
      window.open(link, '_blank', 'noopener,noreferrer');
    }
    return true;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
