/**
 * Saves a profile form, then refreshes the session so it learns at once whether the profile is
 * now complete (spec §4; an edit can complete it too, ADR 0008). A refused save hands the error
 * back to the form; a failed refresh is not the form's problem — the profile is saved, and a
 * session that cannot refresh signs itself out.
 */
export async function saveThenRefreshSession<T>(
  payload: T,
  {
    save,
    refresh,
    onRejected,
  }: {
    save: (payload: T) => Promise<unknown>;
    refresh: () => Promise<unknown>;
    onRejected: (error: unknown) => void;
  },
): Promise<void> {
  try {
    await save(payload);
  } catch (error) {
    onRejected(error);
    return;
  }
  await refresh().catch(() => undefined);
}
