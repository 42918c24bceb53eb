import { NextResponse } from 'next/server';

import { checkDatabase } from '@/server/health';

export const dynamic = 'force-dynamic';

/** 200 when the database answers, 503 otherwise. */
export async function GET() {
  const database = await checkDatabase();
  return NextResponse.json(
    { status: database.ok ? 'ok' : 'unavailable', database },
    { status: database.ok ? 200 : 503, headers: { 'cache-control': 'no-store' } },
  );
}
