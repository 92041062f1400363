import { ApiError } from '../../../../services/api';
import { saveFile } from '../../../../services/invoice-files';

/** What a staff desk's file reader answers: the file, or the status it was refused with. */
type StaffFileAnswer = Promise<{ status: number; blob: Blob | null }>;

/**
 * A file read with the staff token, saved under `fileName`; a refusal throws an ApiError in `failedText`'s words,
 * which the desk's call-failure toast shows.
 */
export async function saveStaffFile(answer: StaffFileAnswer, fileName: string, failedText: (status: number) => string): Promise<void> {
  const { status, blob } = await answer;
  if (!blob) throw new ApiError(status, failedText(status));
  saveFile(blob, fileName);
}
