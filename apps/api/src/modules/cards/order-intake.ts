/**
 * The card-order form as it arrives (multipart: cin_front, cin_back, city, address, area, zip, and
 * on the onboarding link token and phone_token). Field errors are DRF's; the files answer the
 * spec's codes: MISSING_FRONT, MISSING_BACK, INVALID_FILES (not a PNG or JPEG by content, or over
 * 10 MB).
 */
import { CIN_IMAGE_MAX_BYTES, type ZCardOrderFields } from '@tasbiq/contracts/cards';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/errors.ts';
import { readMultipartForm, sniffFileType } from '../../lib/multipart-form.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { findCity } from '../cities/moroccan-cities.ts';

export type CinImage = { data: Buffer; extension: string };
export type CardOrderForm<F> = { fields: F; front: CinImage; back: CinImage };

const invalidFiles = (attr: string) => new AppError('INVALID_FILES', { status: 400, attr });

function cinImage(data: Buffer | undefined, side: 'cin_front' | 'cin_back'): CinImage {
  if (!data || data.length === 0)
    throw fieldError(side, side === 'cin_front' ? 'MISSING_FRONT' : 'MISSING_BACK');
  const type = sniffFileType(data);
  if (type?.contentType !== 'image/png' && type?.contentType !== 'image/jpeg') throw invalidFiles(side);
  return { data, extension: type.extension };
}

export async function readCardOrderForm<S extends typeof ZCardOrderFields>(
  request: FastifyRequest,
  schema: S,
): Promise<CardOrderForm<z.infer<S>>> {
  if (!request.isMultipart()) throw fieldError('cin_front', 'MISSING_FRONT');
  const form = await readMultipartForm(request, {
    maxFiles: 2,
    maxFileBytes: CIN_IMAGE_MAX_BYTES,
    tooManyFiles: () => invalidFiles('non_field_errors'),
    fileTooLarge: (field) => invalidFiles(field),
  });
  const fields = parseOrThrow(schema, form.fields);
  if (!findCity(fields.city)) throw fieldError('city', 'does_not_exist');
  const file = (name: string) => form.files.find((f) => f.fieldname === name)?.data;
  if (form.files.some((f) => f.fieldname !== 'cin_front' && f.fieldname !== 'cin_back'))
    throw invalidFiles('non_field_errors');
  return {
    fields,
    front: cinImage(file('cin_front'), 'cin_front'),
    back: cinImage(file('cin_back'), 'cin_back'),
  };
}
