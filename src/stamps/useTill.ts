import { useCallback, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { PassChoice, StampedPass } from '../../domain/schemas/stamp';
import type { ConsoleDataProvider } from '../dataProviders/consoleDataProvider';

/** What the till shows after a call: the card found, a reward just issued, the last refusal. */
export interface TillState {
  pass?: StampedPass;
  reward?: { rewardPassId?: string };
  error?: string;
  busy: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The till's calls for one stamp card: find a pass by code, stamp it, undo its last stamp. Each answer replaces
 * what is shown; a refusal shows the server's message and keeps nothing of the previous pass.
 */
export function useTill(cardId: string | undefined) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [state, setState] = useState<TillState>({ busy: false });
  const clear = useCallback(() => setState({ busy: false }), []);

  const run = async (work: () => Promise<Partial<TillState>>) => {
    setState((now) => ({ ...now, busy: true, error: undefined }));
    try {
      const next = await work();
      setState({ busy: false, ...next });
    } catch (error) {
      setState({ busy: false, error: messageOf(error) });
    }
  };
  const choiceOf = (pass: StampedPass): PassChoice => ({ passId: pass.passId });

  return {
    state,
    find: (code: string) =>
      cardId && run(async () => ({ pass: await dataProvider.lookUpStampedPass(cardId, { code }) })),
    stamp: (count: number) =>
      cardId &&
      state.pass &&
      run(async () => {
        const answer = await dataProvider.stamp(cardId, { ...choiceOf(state.pass as StampedPass), count });
        notify('app.stamp.added', { type: 'success', messageArgs: { smart_count: count } });
        return {
          pass: answer,
          reward: answer.rewarded ? { rewardPassId: answer.rewardPassId } : undefined,
        };
      }),
    undo: () =>
      cardId &&
      state.pass &&
      run(async () => {
        const answer = await dataProvider.undoStamp(cardId, choiceOf(state.pass as StampedPass));
        notify(answer.voidedRewardPassId ? 'app.stamp.rewardVoided' : 'app.stamp.undone', { type: 'info' });
        return { pass: answer };
      }),
    clear,
  };
}
