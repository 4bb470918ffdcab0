/** Why a request is refused: a short code, a sentence, and the field it is about. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  field?: string | null;
  headers?: Record<string, string>;
}
