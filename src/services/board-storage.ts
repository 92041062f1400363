import { boolean, enums, is, nullable, object, optional, string } from 'superstruct';
import { projectParams } from '../contract/board';
import { WIZARD_STEPS, type WizardResume } from '../machines/wizard-board/wizard-board-types';
import { readJson, readStorage, writeStorage } from './local-storage';

/**
 * The board a wizard shows, kept in this browser's localStorage so a reload (F5) or a closed tab picks it up: /quote
 * and the signed-in wizard. Private mode or a full storage: the board lives as long as the page.
 */
const resumeStruct = object({
  way: enums(['files', 'manual']), uploadId: nullable(string()), archiveName: string(), title: string(), params: projectParams,
  step: optional(enums(WIZARD_STEPS)),
  titleTyped: optional(boolean()),
});

/** The board kept under `name`, if any (a kept value of another shape is no board). */
export function readBoard(name: string): WizardResume | null {
  const value = readJson(name);
  return is(value, resumeStruct) ? value : null;
}

/** Keeps the board on screen (null: none), writing only when it changed: the wizard's snapshots come with each keystroke. */
export function keepBoard(name: string, board: WizardResume | null): void {
  const value = board === null ? null : JSON.stringify(board);
  if (value !== readStorage(name)) writeStorage(name, value);
}

/** The signed-in wizard's board is the user's and the client's: another user or client on this browser starts afresh. */
export const wizardBoardName = (userId: number, clientId: number): string => `wizard-board:${userId}:${clientId}`;
