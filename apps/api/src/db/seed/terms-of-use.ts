/**
 * The terms of use published by the demo seed (and a model for `npm run admin -- publish-terms`).
 * HTML because the web app shows terms in its sanitising rich-content viewer.
 */
export const DEMO_TERMS_VERSION = '2026.1';

export const DEMO_TERMS_HTML = `<h1>Conditions générales d'utilisation de Tasbiq</h1>
<p>En vigueur au 1<sup>er</sup> janvier 2026.</p>

<h2>Article 1 — Objet</h2>
<p>Les présentes conditions générales d'utilisation (« CGU ») définissent les conditions dans
lesquelles la plateforme Tasbiq met à la disposition des salariés et des services des ressources
humaines de ses sociétés clientes (« l'Employeur ») un ensemble de services liés au salaire.
L'utilisation de la plateforme vaut acceptation pleine et entière des présentes CGU.</p>

<h2>Article 2 — Définitions</h2>
<ul>
  <li><strong>Utilisateur</strong> : toute personne disposant d'un compte sur la plateforme, salarié ou
  gestionnaire RH habilité par l'Employeur.</li>
  <li><strong>Avance sur salaire</strong> : versement anticipé d'une partie du salaire déjà acquis au
  titre du mois en cours, retenue ensuite sur la paie par l'Employeur.</li>
  <li><strong>Solde disponible</strong> : montant que l'Utilisateur peut demander à un instant donné,
  calculé selon les règles fixées par l'Employeur.</li>
</ul>

<h2>Article 3 — Accès au service</h2>
<p>L'accès est réservé aux salariés dont l'Employeur a souscrit au service. L'Utilisateur
s'identifie par son adresse e-mail ou son numéro de téléphone et un mot de passe personnel ; son
numéro de téléphone est confirmé par un code à usage unique envoyé par SMS. Les identifiants sont
strictement personnels : l'Utilisateur en assure la confidentialité et signale sans délai toute
utilisation frauduleuse à son service RH.</p>

<h2>Article 4 — Services proposés</h2>
<p>Selon les options retenues par l'Employeur, la plateforme permet notamment :</p>
<ul>
  <li>de demander une avance sur salaire, versée sur le compte bancaire (RIB) ou sur la carte
  prépayée de l'Utilisateur dans un délai de 48 heures ;</li>
  <li>de recharger une ligne téléphonique ;</li>
  <li>de consulter et télécharger ses bulletins de paie ;</li>
  <li>de recevoir des primes et d'en suivre le versement ;</li>
  <li>de commander, activer et bloquer une carte prépayée ;</li>
  <li>de déposer des ordres de mission et des notes de frais.</li>
</ul>
<p>Les montants, le nombre de demandes par mois et les éventuels frais sont fixés par la politique
de l'Employeur et affichés avant toute confirmation.</p>

<h2>Article 5 — Données personnelles</h2>
<p>Les données à caractère personnel de l'Utilisateur (identité, numéro de CIN, coordonnées,
éléments de paie, coordonnées bancaires) sont traitées conformément à la loi n° 09-08 relative à la
protection des personnes physiques à l'égard du traitement des données à caractère personnel et à
son décret d'application. Ces traitements ont fait l'objet des formalités requises auprès de la
Commission nationale de contrôle de la protection des données à caractère personnel (CNDP).</p>
<p>Les données sont utilisées aux seules fins de la fourniture des services décrits à l'article 4,
de la sécurité des comptes et du respect des obligations légales. Elles sont communiquées à
l'Employeur et, dans la stricte mesure nécessaire, aux établissements bancaires et de paiement
partenaires. Elles sont conservées pendant la durée de la relation puis archivées pendant les
durées de prescription légales.</p>
<p>Conformément aux articles 7, 8 et 9 de la loi n° 09-08, l'Utilisateur dispose d'un droit
d'accès, de rectification et d'opposition pour motifs légitimes, qu'il exerce auprès du délégué à
la protection des données de Tasbiq ou de son service RH.</p>

<h2>Article 6 — Sécurité</h2>
<p>Tasbiq met en œuvre les mesures techniques et organisationnelles appropriées pour protéger les
données contre la perte, l'altération et l'accès non autorisé : chiffrement des échanges,
mots de passe stockés sous forme d'empreinte, journalisation des opérations sensibles.</p>

<h2>Article 7 — Responsabilités</h2>
<p>Tasbiq s'engage à fournir les services avec diligence, dans le cadre d'une obligation de
moyens. Sa responsabilité ne saurait être engagée en cas d'indisponibilité due à une opération de
maintenance, à une défaillance des réseaux de télécommunication ou à un cas de force majeure.
L'Utilisateur est responsable de l'exactitude des informations qu'il fournit et de l'usage de ses
identifiants. L'Employeur demeure seul responsable des éléments de paie qu'il transmet.</p>

<h2>Article 8 — Propriété intellectuelle</h2>
<p>La plateforme, ses contenus et ses marques sont la propriété exclusive de Tasbiq. Toute
reproduction ou exploitation non autorisée est interdite.</p>

<h2>Article 9 — Modification des conditions</h2>
<p>Tasbiq peut faire évoluer les présentes CGU. Toute nouvelle version est présentée à
l'Utilisateur lors de sa connexion suivante et doit être acceptée pour continuer à utiliser les
services.</p>

<h2>Article 10 — Droit applicable et litiges</h2>
<p>Les présentes CGU sont régies par le droit marocain. À défaut de règlement amiable, tout litige
relatif à leur interprétation ou à leur exécution relève de la compétence des tribunaux de
Casablanca.</p>
`;
