import { Refusal } from '../database';

/** Runs something that must refuse, and returns the refusal's status and text. */
export function refusalOf(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('it did not refuse');
}
