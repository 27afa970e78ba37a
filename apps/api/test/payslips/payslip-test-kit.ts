import { bearerFor } from '../auth-helpers.ts';
import { createTestCompany, createTestEmployee, uniqueCin } from '../factories.ts';
import type { TestApp } from '../test-app.ts';

/** A multipart upload of one file under `file`, as the browser's FormData sends it. */
export async function uploadBody(data: Buffer, name = 'paie-novembre-2026.pdf', type = 'application/pdf') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export async function upload(t: TestApp, headers: Record<string, string>, data: Buffer, name?: string) {
  const body = await uploadBody(data, name);
  return t.app.inject({
    method: 'POST',
    url: '/api/fiches/jobs/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

let serialSeq = 0;
/** A company with an RH, a DRH and `count` employees with CIN and matricule. */
export async function payrollCompany(t: TestApp, count = 3) {
  const company = await createTestCompany(t.db);
  const rh = await createTestEmployee(t.db, company.id, {
    roles: ['RH'],
    password: null,
    firstName: 'Nadia',
    lastName: 'Chraibi',
    employee: { serial: `RH${++serialSeq}` },
  });
  const drh = await createTestEmployee(t.db, company.id, {
    roles: ['DRH'],
    password: null,
    firstName: 'Hicham',
    lastName: 'Tazi',
    employee: { serial: `DRH${++serialSeq}` },
  });
  const first = ['Salma', 'Youssef', 'Khadija', 'Omar', 'Imane', 'Mehdi', 'Zineb', 'Anas'];
  const last = ['Bennani', 'El Idrissi', 'Ouazzani', 'Berrada', 'Lahlou', 'Fassi', 'Alami', 'Kettani'];
  const people = [];
  for (let i = 0; i < count; i++) {
    const cin = uniqueCin();
    const serial = `M${String(++serialSeq).padStart(5, '0')}`;
    const firstName = first[i % first.length]!;
    const lastName = `${last[i % last.length]!}${i >= first.length ? ` ${i}` : ''}`;
    const made = await createTestEmployee(t.db, company.id, {
      password: null,
      firstName,
      lastName,
      cin,
      employee: { serial, balanceMethod: 3 },
    });
    people.push({ ...made, person: { firstName, lastName, cin, serial } });
  }
  return {
    company,
    rh,
    drh,
    people,
    hr: await bearerFor(t, rh.user.id),
    drhHeaders: await bearerFor(t, drh.user.id),
  };
}
