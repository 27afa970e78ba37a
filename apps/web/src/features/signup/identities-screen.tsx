import { PageTitle } from '../../components/ui/page-title.tsx';
import { IdentityList } from './components/identity-list.tsx';
import { IdentityUpload } from './components/identity-upload.tsx';

/** /rh/identities: who may sign up through the company's link (matricule + birthday). */
export function IdentitiesScreen() {
  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        title="Identités"
        subtitle="Vos salariés créent eux-mêmes leur compte avec leur matricule et leur date de naissance. Chaque identité ne sert qu'une fois."
        actions={null}
      />
      <IdentityUpload />
      <IdentityList />
    </div>
  );
}
