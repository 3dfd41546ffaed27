import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema';

const columns = {
  id: companies.id,
  name: companies.name,
  contactEmail: companies.contactEmail,
  phone: companies.phone,
  address: companies.address,
  website: companies.website,
  logoFileId: companies.logoFileId,
};

export async function findOrganisation(db: Executor, companyId: string) {
  const [row] = await db.select(columns).from(companies).where(eq(companies.id, companyId));
  return row;
}

export async function updateOrganisation(
  db: Executor,
  companyId: string,
  patch: Partial<
    Pick<
      typeof companies.$inferInsert,
      'name' | 'contactEmail' | 'phone' | 'address' | 'website' | 'logoFileId'
    >
  >,
) {
  await db
    .update(companies)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}
