import { SecretBox } from '../../../../application/shared/ports';
import { Person, UserType } from '../../../../domain/person/person';
import { Language } from '../../../../domain/shared/enumerations';
import { decodeAddress, encodeAddress, openBanking, openEmployee, sealBanking, sealEmployee } from '../nested-codec';
import { emailKey } from '../../../../domain/person/email-address';
import { PersonRow } from './person.schema';
import { pictureFromRow, pictureToRow } from '../picture-columns';

export class PersonMapper {
  constructor(private readonly box: SecretBox) {}

  toDomain(row: PersonRow): Person {
    return Person.restore({
      id: row.id,
      uniqueId: row.unique_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      isActive: row.is_active,
      currentLanguage: row.current_language as Language,
      jobTitle: row.job_title,
      userType: row.user_type as UserType,
      picture: pictureFromRow({ key: row.picture_key, contentType: row.picture_content_type, size: row.picture_size }),
      address: decodeAddress(row.address),
      bankingInformation: openBanking(this.box, row.banking_sealed),
      employeeInformation: openEmployee(this.box, row.employee_sealed),
      lastLogin: row.last_login,
      dateCreated: row.date_created,
      lastUpdated: row.last_updated,
    });
  }

  toPersistence(person: Person): PersonRow {
    const s = person.snapshot();
    const picture = pictureToRow(s.picture);
    return {
      id: s.id,
      unique_id: s.uniqueId,
      email: s.email,
      email_key: emailKey(s.email),
      first_name: s.firstName,
      last_name: s.lastName,
      is_active: s.isActive,
      current_language: s.currentLanguage,
      job_title: s.jobTitle,
      user_type: s.userType,
      profile_picture_url: null,
      picture_key: picture.key,
      picture_content_type: picture.contentType,
      picture_size: picture.size,
      address: encodeAddress(s.address),
      banking_sealed: sealBanking(this.box, s.bankingInformation),
      employee_sealed: sealEmployee(this.box, s.employeeInformation),
      last_login: s.lastLogin,
      date_created: s.dateCreated,
      last_updated: s.lastUpdated,
    };
  }
}
