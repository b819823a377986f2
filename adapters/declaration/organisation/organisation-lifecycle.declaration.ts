import { CloseOrganisationCommand } from '../../../application/organisation/close-organisation.use-case';
import { TransferOwnershipCommand } from '../../../application/organisation/transfer-ownership.use-case';
import { fieldsOf } from '../declared-field';
import { declareWire } from '../wire-declaration';

type TransferBody = Omit<TransferOwnershipCommand, 'clientAddress'>;
type ClosingBody = Omit<CloseOrganisationCommand, 'clientAddress'>;

const transfer = fieldsOf<TransferBody>();
const closing = fieldsOf<ClosingBody>();

/** The body of `transfer-ownership/`: the member who becomes the owner, by unique_id, and the owner's password. */
export const OWNERSHIP_TRANSFER_DECLARATION = declareWire<TransferBody>()({
  schemaName: 'OwnershipTransfer',
  fields: [transfer.text('person', { max: 64, required: true }), transfer.text('currentPassword', { max: 128, required: true, writeOnly: true })],
});

/** The body of closing an organisation (`DELETE organisation/{org}/`): the owner's password. */
export const ORGANISATION_CLOSING_DECLARATION = declareWire<ClosingBody>()({
  schemaName: 'OrganisationClosing',
  fields: [closing.text('currentPassword', { max: 128, required: true, writeOnly: true })],
});
