import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_TEAMS } from '../../../resources/complaints';
import { entityOf } from '../../../resources/types';
import { endpointsOf } from '../../../resources/endpoints';
import { permissionOf, TRANSITION_REFUSED_CODE, type WorkflowTransition } from '../../../resources/workflow';
import { call, CallError } from '../../api/call';
import { currentAbility } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { fieldLabel, optionLabel } from '../../resources/labels';
import { actionLabel } from '../../resources/workflow/labels';
import { complaintKeys, complaintsApi, type Complaint, type ComplaintQuery } from './api';
import { COMPLAINT_WORKFLOW as complaints } from './declaration';
import { useStatusLabel } from './audience';

/** The actions staff take on many complaints at once: take them (accept) or hand them to a team. */
const BULK_ACTIONS = ['accept', 'transfer'] as const;
type BulkAction = (typeof BULK_ACTIONS)[number];

const transitionOf = (action: BulkAction) => complaints.workflow.transitions.find((t) => t.action === action)!;

/** Complaints read per list call when every matching one is acted on. */
const ALL_PAGE_SIZE = 500;

/** Every complaint the list's search finds (page by page, in its order), for an action over all matching. */
async function everyMatching(query: ComplaintQuery): Promise<Complaint[]> {
  const found: Complaint[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await complaintsApi.list({ ...query, pageIndex, pageSize: ALL_PAGE_SIZE });
    found.push(...page.data);
    if (page.data.length < ALL_PAGE_SIZE || found.length >= page.dataCount) return found;
  }
}

/** What became of one selected complaint. */
interface Outcome {
  complaint: Complaint;
  /** Why it was refused; undefined when done. */
  reason?: string;
}

/**
 * The bulk bar above the list: the actions the user's ability allows (as WorkflowActions decides for one
 * complaint), each applied to every selected complaint — or, once the whole page is ticked and the user chose so,
 * to every complaint the search finds — through its own transition call, one after the other, so
 * each is checked by the server as when taken alone. A complaint whose status does not allow the action is not
 * sent at all. A summary says how many were done and why the others were refused; the list is read again.
 */
export function BulkActions({
  selected,
  pageRows,
  matching,
  query,
  onDone,
}: {
  selected: Complaint[];
  /** The rows of the page shown, and how many complaints match the filters in all. */
  pageRows: number;
  matching: number;
  /** The list's search: 'select all matching' reads every complaint it finds (the server applies the user's scope). */
  query: ComplaintQuery;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  // antd's table pattern: with the whole page ticked and more matching, the user may extend the selection to all.
  const [everyMatch, setEveryMatch] = useState(false);
  const wholePage = selected.length > 0 && selected.length === pageRows && matching > pageRows;
  const allMatching = everyMatch && wholePage;
  const count = allMatching ? matching : selected.length;
  const total = format.number(matching, 0);
  const { modal } = App.useApp();
  const statusLabel = useStatusLabel();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<BulkAction>();
  const [transferring, setTransferring] = useState(false);
  const [form] = Form.useForm<{ team: string }>();
  const allowed = BULK_ACTIONS.filter((action) => currentAbility().can(permissionOf(transitionOf(action)), entityOf(complaints)));
  if (allowed.length === 0) return null;

  const applyOne = async (transition: WorkflowTransition, complaint: Complaint, values: Record<string, unknown>): Promise<Outcome> => {
    if (!transition.from.includes(complaint.status)) {
      return { complaint, reason: t('complaints:bulk.wrongStatus', { status: statusLabel(complaint.status) }) };
    }
    try {
      // Quiet: one summary instead of a pop-up per refused complaint.
      await call(endpointsOf(complaints).transitions[transition.action]!, { ...values, id: complaint.id }, { quiet: true });
      return { complaint };
    } catch (error) {
      if (!(error instanceof CallError)) return { complaint, reason: String(error) };
      // The server's refusal of the status (someone acted first) in the user's language; any other in its words.
      const moved = error.code === (transition.refusedCode ?? TRANSITION_REFUSED_CODE);
      return { complaint, reason: moved ? t('admin:workflow.changed') : error.info };
    }
  };

  const apply = async (action: BulkAction, values: Record<string, unknown> = {}) => {
    setBusy(action);
    const outcomes: Outcome[] = [];
    try {
      const targets = allMatching ? await everyMatching(query) : selected;
      for (const complaint of targets) outcomes.push(await applyOne(transitionOf(action), complaint, values));
    } finally {
      setBusy(undefined);
      setEveryMatch(false);
    }
    const refused = outcomes.filter((o) => o.reason !== undefined);
    const done = outcomes.length - refused.length;
    void queryClient.invalidateQueries({ queryKey: complaintKeys.all });
    onDone();
    (refused.length ? modal.warning : modal.success)({
      title: t('complaints:bulk.summary', { action: actionLabel(complaints, action, t), done, refused: refused.length }),
      content: refused.length ? (
        <ul className="complaint-bulk-refused" data-testid="complaint-bulk-refused">
          {refused.map(({ complaint, reason }) => (
            <li key={complaint.id}>
              <Typography.Text strong>{complaint.title}</Typography.Text>: {reason}
            </li>
          ))}
        </ul>
      ) : undefined,
      okText: t('common:actions.ok'),
    });
  };

  return (
    <Space wrap className="complaint-bulk" data-testid="complaint-bulk">
      <Typography.Text type="secondary">{t('complaints:bulk.selected', { count })}</Typography.Text>
      {/* The whole page is selected but more match: say that the action reaches this page only, and offer all. */}
      {wholePage && !allMatching && (
        <>
          <Typography.Text type="warning" data-testid="complaint-bulk-page-only">
            {t('complaints:bulk.pageOnly', { count: selected.length, total })}
          </Typography.Text>
          <Button type="link" size="small" onClick={() => setEveryMatch(true)} data-testid="complaint-bulk-select-all">
            {t('complaints:bulk.selectAll', { total })}
          </Button>
        </>
      )}
      {allMatching && (
        <>
          <Typography.Text strong data-testid="complaint-bulk-all">
            {t('complaints:bulk.allSelected', { count: matching, total })}
          </Typography.Text>
          <Button type="link" size="small" onClick={() => setEveryMatch(false)} data-testid="complaint-bulk-page">
            {t('complaints:bulk.onlyPage')}
          </Button>
        </>
      )}
      {allowed.includes('accept') && (
        <Button
          disabled={selected.length === 0 || busy !== undefined}
          loading={busy === 'accept'}
          onClick={() => void apply('accept')}
          data-testid="complaint-bulk-accept"
        >
          {actionLabel(complaints, 'accept', t)}
        </Button>
      )}
      {allowed.includes('transfer') && (
        <Button
          disabled={selected.length === 0 || busy !== undefined}
          loading={busy === 'transfer'}
          onClick={() => setTransferring(true)}
          data-testid="complaint-bulk-transfer"
        >
          {actionLabel(complaints, 'transfer', t)}
        </Button>
      )}
      <Modal
        open={transferring}
        title={t('complaints:bulk.transferTitle', { count })}
        okText={actionLabel(complaints, 'transfer', t)}
        cancelText={t('common:actions.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setTransferring(false)}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'complaint-bulk-transfer-submit' }}
      >
        <Form
          form={form}
          layout="vertical"
          name="complaint-bulk-transfer"
          preserve={false}
          onFinish={({ team }) => {
            setTransferring(false);
            void apply('transfer', { team });
          }}
        >
          <Form.Item
            name="team"
            label={fieldLabel(complaints, 'team', t)}
            rules={[{ required: true, message: t('complaints:bulk.teamRequired') }]}
          >
            <Select
              options={COMPLAINT_TEAMS.map((team) => ({ value: team, label: optionLabel(complaints, 'team', team, t) }))}
              data-testid="complaint-bulk-team"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
