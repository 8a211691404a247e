import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { productSuggestions } from '../../../resources/productSuggestions';
import { ResourceForm } from '../../resources/ResourceForm';
import { SUGGESTION_LIST_PATH } from './access';
import './suggestions.css';

/** /addProductSuggestion: the suggestion's form on a page of its own; saved, the list. */
export default function AddProductSuggestion() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card className="suggestion-page" data-testid="suggestion-add" title={t('suggestions:add.title')}>
      <Typography.Paragraph type="secondary">{t('suggestions:add.intro')}</Typography.Paragraph>
      <ResourceForm declaration={productSuggestions} mode="create" onDone={() => navigate(SUGGESTION_LIST_PATH)} />
    </Card>
  );
}
