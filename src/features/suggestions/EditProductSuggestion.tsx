import { useOne } from '@refinedev/core';
import { Alert, Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { productSuggestions } from '../../../resources/productSuggestions';
import { ResourceForm } from '../../resources/ResourceForm';
import { metaOf, type Row } from '../../resources/screenTypes';
import { mayEditSuggestion, SUGGESTION_LIST_PATH } from './access';
import './suggestions.css';

/**
 * /productRecommemdationsEdit?id=<id>: a suggestion's form on a page of its own, for its submitter
 * while it waits for review (admin and systemmanager always); otherwise it says why and links to the record.
 */
export default function EditProductSuggestion() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  const { result: record, query } = useOne<Row>({
    resource: productSuggestions.name,
    id,
    meta: metaOf(productSuggestions),
    queryOptions: { enabled: /^\d+$/.test(id), retry: false },
    errorNotification: false,
  });
  const toRecord = () => navigate(`${SUGGESTION_LIST_PATH}?action=show&id=${id}`);

  return (
    <Card className="suggestion-page" data-testid="suggestion-edit" title={t('suggestions:edit.title')}>
      {query.isLoading ? (
        <Skeleton active />
      ) : !record || query.isError ? (
        <Alert
          type="warning"
          showIcon
          message={t('suggestions:edit.missing')}
          action={<Button onClick={() => navigate(SUGGESTION_LIST_PATH)}>{t('suggestions:add.back')}</Button>}
        />
      ) : mayEditSuggestion(record) ? (
        <ResourceForm declaration={productSuggestions} mode="edit" record={record} onDone={toRecord} />
      ) : (
        <Alert
          type="info"
          showIcon
          message={t('suggestions:edit.notEditable')}
          action={<Button onClick={toRecord}>{t('suggestions:add.back')}</Button>}
        />
      )}
    </Card>
  );
}
