import { OrganisationView } from '../../../application/organisation/organisation-views';
import { PersonRef } from '../../../application/shared/actor';
import { OrganisationChanges } from '../../../domain/organisation/organisation';
import { BASIC_ORGANISATION, ORGANISATION_DECLARATION } from '../../declaration/organisation/organisation.declaration';
import { resourceInput } from '../declared/declared-input';
import { schemaOf, valuesPresenterOf } from '../declared/declared-presenter';
import { organisationLogoUrl } from '../shared/pictures';
import { InputClass } from '../validation/input';

const owners = valuesPresenterOf(ORGANISATION_DECLARATION);
const members = valuesPresenterOf(BASIC_ORGANISATION);
const NOBODY: ReadonlyMap<string, PersonRef> = new Map();

/** What the view adds to the organisation's fields; `origin` makes the logo's URL absolute. */
function derived(view: OrganisationView, origin: string): Record<string, unknown> {
  const o = view.organisation;
  return {
    logoUrl: organisationLogoUrl(origin, o.uniqueId, o.logo),
    memberCount: view.memberCount,
    currentFinancialYearLabel: view.financialYearLabel,
    monthlyAiCreditsRemaining: view.creditsRemaining,
  };
}

/** Its owner, as its `owner` field names them. */
const people = (view: OrganisationView): ReadonlyMap<string, PersonRef> => (view.owner ? new Map([[view.organisation.ownerId, view.owner]]) : NOBODY);

/** What members see: the basic view. */
export function presentBasicOrganisation(view: OrganisationView, origin: string): Record<string, unknown> {
  return members(view.organisation, derived(view, origin), people(view));
}

/** The owner view: every field of the organisation. */
export function presentOwnerOrganisation(view: OrganisationView, origin: string): Record<string, unknown> {
  return owners(view.organisation, derived(view, origin), people(view));
}

/** What `presentBasicOrganisation` writes. */
export const BASIC_ORGANISATION_SCHEMA = schemaOf(BASIC_ORGANISATION);

/** What `presentOwnerOrganisation` writes. */
export const OWNER_ORGANISATION_SCHEMA = schemaOf(ORGANISATION_DECLARATION);

/** The body of an organisation's create, PUT and PATCH. */
export const ORGANISATION_INPUT = resourceInput(ORGANISATION_DECLARATION) as InputClass<OrganisationChanges>;
