import { saveFile } from '../../../lib/files/save-file.ts';
import { http } from '../../../lib/http/client.ts';

/** GET /card/unsigned_contract (to read before signing) or /card/signed_contract. */
export async function downloadContract(signed: boolean): Promise<void> {
  const blob = await http.getBlob(signed ? '/card/signed_contract' : '/card/unsigned_contract');
  saveFile(blob, signed ? 'contrat-carte-signe.pdf' : 'contrat-carte.pdf');
}
