import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../engine/session/store';
import { useRoleName } from '../layout/useRoleName';

/** Management centre. The charts and figures of spec §2.2 arrive with the freight operations pages. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { info } = useSession();
  const roleName = useRoleName();
  return (
    <div className="dashboard">
      <Card className="dashboard-welcome">
        <h2>{t('dashboard.welcome', { name: info?.name ?? '' })}</h2>
        <p className="muted">{t('dashboard.welcomeText', { party: info?.party.name ?? '' })}</p>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={8}><Card><Statistic title={t('dashboard.organisation')} value={info?.party.name ?? ''} /></Card></Col>
        <Col xs={24} sm={12} lg={8}><Card><Statistic title={t('dashboard.role')} value={info?.roleList[0] ? roleName(info.roleList[0].role, info.roleList[0].roleName) : ''} /></Card></Col>
        <Col xs={24} sm={12} lg={8}><Card><Statistic title={t('dashboard.pending')} value={t('dashboard.pendingText')} /></Card></Col>
      </Row>
    </div>
  );
}
