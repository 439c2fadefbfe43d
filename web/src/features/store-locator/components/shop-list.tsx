import { useTranslation } from 'react-i18next';
import { formatKm } from '@/domain/maps/distance';
import { telHref, type ListedShop } from '../utils/shops';

/**
 * The numbered list (nearest first). Hovering or focusing a card makes its pin the active one: the map
 * enlarges it and centres on the shop. Each text is one string: the server's HTML has one text node where JSX
 * would make two, and hydration would rewrite them.
 */
export function ShopList({
  shops,
  activeId,
  onActivate,
}: {
  shops: readonly ListedShop[];
  activeId: string | undefined;
  onActivate: (id: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <ol className="shop-list" aria-label={t('storeLocator.listLabel')}>
      {shops.map((shop) => (
        <li
          key={shop.id}
          className={shop.id === activeId ? 'shop-card shop-card--active' : 'shop-card'}
          onMouseEnter={() => onActivate(shop.id)}
          onMouseLeave={() => onActivate(undefined)}
          onFocus={() => onActivate(shop.id)}
          tabIndex={0}
          aria-labelledby={`shop-${shop.id}`}
        >
          <span className="shop-card__number" aria-hidden="true">
            {shop.number}
          </span>
          <div className="shop-card__body">
            <div className="shop-card__top">
              <h3 className="shop-card__name" id={`shop-${shop.id}`}>
                <span className="visually-hidden">{`${shop.number}. `}</span>
                {shop.name}
              </h3>
              <span className="shop-card__distance">
                {t('storeLocator.km', { distance: formatKm(shop.distance) })}
              </span>
            </div>
            <p className="shop-card__line">
              <span className="visually-hidden">{`${t('storeLocator.address')}: `}</span>
              {shop.phyLocation}
            </p>
            <p className="shop-card__line">
              <span className="visually-hidden">{`${t('storeLocator.phone')}: `}</span>
              <a href={telHref(shop.phNumber)}>{shop.phNumber}</a>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
