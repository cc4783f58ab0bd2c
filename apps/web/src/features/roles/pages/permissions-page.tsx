import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { OWNER_ROLE, PERMISSION_KEYS, type PermissionKey, isRtl } from '@dental/contract';
import { Alert, Button, Card, Flex, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { currentLanguage } from '../../../lib/i18n';
import { localRoleName } from '../../users/role-name';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { usePermissionCatalogue, useRole, useRolePermissions, useRoles, useSaveRolePermission } from '../api';
import { PermissionGroupCard } from '../components/permission-group-card';
import { BaseRoleTag, DefaultTag } from '../components/role-tags';
import { type KeySet, sameKeys, setGroup, toggleKey } from '../permission-state';

const parseId = (raw: string | undefined) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);

/** /Permissions/:ID?: one role's permission keys, grouped by permission group; without an id, pick a role. */
export default function PermissionsPage() {
  const { t } = useTranslation('roles');
  const { ID } = useParams();
  const roleId = parseId(ID);
  const navigate = useNavigate();
  const roles = useRoles({ page: 1, pageSize: 200 });
  const Back = isRtl(currentLanguage()) ? ArrowRightOutlined : ArrowLeftOutlined;

  return (
    <Flex vertical gap="middle">
      <Card>
        <Flex justify="space-between" align="center" wrap gap="middle">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('permissions.title')}
          </Typography.Title>
          <Space wrap>
            <Select
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 260 }}
              placeholder={t('permissions.chooseRole')}
              aria-label={t('permissions.role')}
              value={roles.data?.items.some((r) => r.id === roleId) ? roleId : undefined}
              loading={roles.isLoading}
              options={(roles.data?.items ?? []).map((r) => ({ value: r.id, label: localRoleName(r) }))}
              onChange={(id: number) => navigate(`/Permissions/${id}`)}
            />
            <Button icon={<Back />} onClick={() => navigate('/Roles')}>
              {t('permissions.backToRoles')}
            </Button>
          </Space>
        </Flex>
      </Card>
      {roleId ? (
        <RolePermissionsEditor key={roleId} roleId={roleId} />
      ) : (
        <Card>
          <EmptyState description={t('permissions.chooseRoleHint')} />
        </Card>
      )}
    </Flex>
  );
}

function RolePermissionsEditor({ roleId }: { roleId: number }) {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const user = useSession()?.user;
  const canEdit = useCan('role_edit');
  const role = useRole(roleId);
  const stored = useRolePermissions(roleId);
  const catalogue = usePermissionCatalogue();
  const save = useSaveRolePermission();
  const saved = useMemo<KeySet>(() => new Set(stored.data?.permissions ?? []), [stored.data]);
  const [draft, setDraft] = useState<KeySet | null>(null);
  const selected = draft ?? saved;
  const dirty = !!draft && !sameKeys(draft, saved);

  if (role.isError || stored.isError) {
    return (
      <Card>
        <Result
          status="404"
          title={t('permissions.notFound')}
          extra={<Button onClick={() => navigate('/Roles')}>{t('permissions.backToRoles')}</Button>}
        />
      </Card>
    );
  }
  if (!role.data || !stored.data || !catalogue.data || !user) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  // Why the page may be read-only; the server refuses the same cases (403 action_not_allowed).
  const viewerIsOwner = user.userRole === OWNER_ROLE;
  const mine = new Set(user.permissions);
  const readOnlyReason =
    role.data.isDefault && role.data.code === OWNER_ROLE
      ? t('permissions.ownerReadOnly')
      : !viewerIsOwner && role.data.id === user.roleId
        ? t('permissions.ownRoleReadOnly')
        : !viewerIsOwner && [...saved].some((k) => !mine.has(k))
          ? t('permissions.aboveYouReadOnly')
          : undefined;
  const readOnly = !canEdit || !!readOnlyReason;
  const grantable = (key: PermissionKey) => !readOnly && (viewerIsOwner || mine.has(key));
  const update = (next: KeySet) => setDraft(sameKeys(next, saved) ? null : next);

  const submit = async () => {
    const result = await save.mutateAsync({ roleId, permissions: [...selected] });
    setDraft(null);
    notify.success(t('crud.saved', { ns: 'common' }));
    return result;
  };

  return (
    <Flex vertical gap="middle">
      <Card>
        <Flex vertical gap="small">
          <Space wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }}>
              <bdi>{localRoleName(role.data)}</bdi>
            </Typography.Title>
            {role.data.isDefault ? <DefaultTag /> : <Tag bordered={false}>{t('custom')}</Tag>}
            <BaseRoleTag code={role.data.baseRole} />
            <Typography.Text type="secondary">
              {t('users')}: {role.data.userCount}
            </Typography.Text>
          </Space>
          {readOnlyReason ? (
            <Alert type="info" showIcon message={readOnlyReason} />
          ) : (
            <Typography.Text type="secondary">{t('permissions.appliesNext')}</Typography.Text>
          )}
          {!readOnly && !viewerIsOwner && (
            <Typography.Text type="secondary">{t('permissions.cannotGrant')}</Typography.Text>
          )}
        </Flex>
      </Card>

      {/* a masonry of group cards: CSS columns, each card kept whole */}
      <div style={{ columnWidth: 400, columnGap: 16 }}>
        {catalogue.data.groups.map((g) => (
          <div key={g.group} style={{ breakInside: 'avoid', marginBlockEnd: 16 }}>
            <PermissionGroupCard
              group={g.group}
              tier={g.tier}
              keys={g.keys}
              selected={selected}
              grantable={grantable}
              onToggle={(key, checked) => update(toggleKey(selected, key, checked))}
              onToggleAll={(checked) =>
                update(
                  setGroup(
                    selected,
                    g.keys.map((k) => k.key),
                    checked,
                    grantable,
                  ),
                )
              }
            />
          </div>
        ))}
      </div>

      {!readOnly && (
        <Card className="permissions-save-bar" size="small" style={{ position: 'sticky', bottom: 0, zIndex: 5 }}>
          <Flex justify="space-between" align="center" wrap gap="small">
            <Space>
              <Typography.Text>
                {t('permissions.selected', { count: selected.size, total: PERMISSION_KEYS.length })}
              </Typography.Text>
              {dirty && <Tag color="orange">{t('permissions.unsaved')}</Tag>}
            </Space>
            <Space>
              <Button disabled={!dirty || save.isPending} onClick={() => setDraft(null)}>
                {t('permissions.reset')}
              </Button>
              <Button
                type="primary"
                disabled={!dirty}
                loading={save.isPending}
                onClick={() => void submit().catch(() => undefined)}
              >
                {t('permissions.save')}
              </Button>
            </Space>
          </Flex>
        </Card>
      )}
    </Flex>
  );
}
