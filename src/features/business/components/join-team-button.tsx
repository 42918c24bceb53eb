'use client';

import { useState } from 'react';

import { useHydrated } from '@/components/ui/use-hydrated';
import { postToApi } from '@/lib/api-client';
import { reportClientError } from '@/lib/client-errors';

import type { JoinOutcome } from '../team-schemas';

type Refusal = Exclude<JoinOutcome['status'], 'joined'>;

/** Accepts the invitation of the page's token (a POST: nothing changes on GET), then opens the team. */
export function JoinTeamButton({
  token,
  teamHref,
  texts,
}: {
  token: string;
  teamHref: string;
  texts: Record<Refusal | 'accept' | 'accepting' | 'failed', string>;
}) {
  const [state, setState] = useState<'idle' | 'busy' | Refusal | 'failed'>('idle');
  const hydrated = useHydrated();
  async function join() {
    setState('busy');
    try {
      const response = await postToApi('/api/internal/team/join', { json: { token } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { data } = (await response.json()) as { data: JoinOutcome };
      if (data.status === 'joined') {
        window.location.assign(teamHref);
        return;
      }
      setState(data.status);
    } catch (error) {
      reportClientError('Joining a team failed', error);
      setState('failed');
    }
  }
  const refused = state !== 'idle' && state !== 'busy';
  return (
    <>
      {refused && <p role="alert">{texts[state]}</p>}
      {!refused || state === 'failed' ? (
        <button type="button" className="button" onClick={join} disabled={state === 'busy' || !hydrated}>
          {state === 'busy' ? texts.accepting : texts.accept}
        </button>
      ) : null}
    </>
  );
}
