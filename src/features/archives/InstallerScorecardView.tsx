import { Card, Col, Row as GridRow, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InstallerScorecard } from '../../../contract/installers';
import { useFormat } from '../../i18n/format';
import { FIGURES, figureLink, figureText } from './installerFigures';

/** One installer's scorecard on its file: a tile per figure, each a link to the records behind it. */
export function InstallerScorecardView({ card }: { card: InstallerScorecard }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('archives:installerdetail.scorecard.window')}{' '}
        {t('archives:installerdetail.scorecard.complaintCount', { count: card.complaints })}
      </Typography.Paragraph>
      <GridRow gutter={[12, 12]}>
        {FIGURES.map((key) => (
          <Col key={key} xs={12} md={8} xl={4}>
            <Link to={figureLink(key, card)} data-testid={`figure-${key}`}>
              <Card size="small" hoverable className="installer-figure">
                <Statistic title={t(`archives:installerdetail.scorecard.${key}`)} value={figureText(key, card, format, t)} />
              </Card>
            </Link>
          </Col>
        ))}
      </GridRow>
    </>
  );
}
