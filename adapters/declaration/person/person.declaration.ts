import { ProfileOrganisation } from '../../../application/person/person.ports';
import { ROLES } from '../../../domain/organisation/membership';
import { EMPLOYEE_LIMITS as LIMITS, EmployeeInformation } from '../../../domain/person/employee-information';
import { emailKey } from '../../../domain/person/email-address';
import { JOB_TITLE_MAX_LENGTH, Person, PersonSnapshot, USER_TYPES } from '../../../domain/person/person';
import { LANGUAGES } from '../../../domain/shared/enumerations';
import { fieldsOf, nestedShape } from '../declared-field';
import { declareStored } from '../stored-declaration';
import { ADDRESS_SHAPE, BANKING_SHAPE } from '../shared/address-and-banking.shapes';

const f = fieldsOf<PersonSnapshot>();

/** An employee's HR details: the medical and emergency ones are secrets, and the whole is sealed at rest. */
const employee = nestedShape<EmployeeInformation>('EmployeeInformation', (n) => [
  n.text('idNumber', { max: LIMITS.idNumber, nullable: true }),
  n.text('employeeNumber', { max: LIMITS.employeeNumber, nullable: true }),
  n.text('taxNumber', { max: LIMITS.taxNumber, nullable: true }),
  n.text('phoneNumber', { max: LIMITS.phoneNumber, nullable: true }),
  n.date('birthday', { nullable: true }),
  n.url('socialUrl', { max: LIMITS.socialUrl, nullable: true }),
  n.text('emergencyContact', { max: LIMITS.emergencyContact, nullable: true, secret: true }),
  n.text('emergencyPhone', { max: LIMITS.emergencyPhone, nullable: true, secret: true }),
  n.text('medicalAidNumber', { max: LIMITS.medicalAid, nullable: true, secret: true }),
  n.text('medicalAidProvider', { max: LIMITS.medicalAid, nullable: true, secret: true }),
  n.text('medicalAidPlan', { max: LIMITS.medicalAid, nullable: true, secret: true }),
  n.text('medicalConditions', { nullable: true, secret: true }),
  n.text('allergies', { nullable: true, secret: true }),
  n.text('medications', { nullable: true, secret: true }),
  n.date('startDate', { nullable: true }),
  n.date('endDate', { nullable: true }),
  n.boolean('isActiveEmployee'),
  n.timestamp('dateCreated'),
  n.timestamp('lastUpdated'),
]);

/** The person's own names, written together under `user`. */
const user = nestedShape<PersonSnapshot>('User', (n) => [n.text('firstName'), n.text('lastName'), n.email('email')], { inline: true });

/** What the profile shows of the person's current organisation. */
const organisationDetails = nestedShape<ProfileOrganisation>('OrganisationDetails', (n) => [n.uniqueId(), n.text('name'), n.choice('role', ROLES)], {
  inline: true,
});

/**
 * `/me/`: the signed-in person's profile (the Person of the spec), and the
 * `persons` table, which is no organisation's. Its body takes `is_owner` and
 * the server's dates back, validated then ignored; the picture is written as
 * its URL (`profile_picture_url`), which the HTTP adapter derives with the
 * request's origin.
 */
export const PERSON_DECLARATION = declareStored<PersonSnapshot>()({
  schemaName: 'Person',
  table: 'persons',
  unscoped: true,
  restore: Person.restore,
  fields: [
    f.uniqueId(),
    f.derived('user', { type: 'nested', shape: user }, { compute: (person) => person }),
    f.choice('currentLanguage', LANGUAGES, { display: 'language_display', columnLength: 10 }),
    f.derived('profilePictureUrl', { type: 'text', format: 'url' }, { nullable: true }),
    f.text('jobTitle', { max: JOB_TITLE_MAX_LENGTH, nullable: true }),
    f.derived('isOwner', { type: 'boolean' }, { discard: true }),
    f.choice('userType', USER_TYPES, { display: true }),
    f.derived('organisationDetails', { type: 'nested', shape: organisationDetails }, { nullable: true }),
    f.nested('address', ADDRESS_SHAPE, { nullable: true }),
    f.nested('bankingInformation', BANKING_SHAPE, { nullable: true, secret: true, column: 'banking_sealed' }),
    f.nested('employeeInformation', employee, { nullable: true, secret: true, column: 'employee_sealed' }),
    f.timestamp('lastLogin', { nullable: true, discard: 'nullable' }),
    f.timestamp('dateCreated', { discard: 'nullable' }),
    f.timestamp('lastUpdated', { discard: 'nullable' }),
    f.email('email', { internal: true, max: 254 }),
    f.text('firstName', { internal: true, max: 150 }),
    f.text('lastName', { internal: true, max: 150 }),
    f.boolean('isActive', { internal: true, default: true }),
    f.timestamp('erasedAt', { internal: true, nullable: true }),
    f.picture('picture'),
  ],
  storage: {
    uniques: [
      { name: 'uq_persons_unique_id', columns: ['unique_id'] },
      { name: 'uq_persons_email_key', columns: ['email_key'] },
    ],
    kept: [
      // An address is one person's whatever its case.
      { name: 'email_key', type: { type: 'text', max: 254 }, of: (person: Person) => emailKey(person.email) },
      // Always null: the previous version's column, kept while it may still run (rolling deploys).
      { name: 'profile_picture_url', type: { type: 'text' }, nullable: true, of: () => null },
    ],
  },
});
