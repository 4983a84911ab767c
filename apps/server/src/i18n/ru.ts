import type { Catalog } from "./fr.ts";

export const ru: Catalog = {
  errors: {
    VALIDATION_ERROR: "Отправлены некорректные данные.",
    NOT_FOUND: "Ресурс не найден.",
    UNAUTHORIZED: "Необходимо войти в систему.",
    FORBIDDEN: "Доступ запрещён.",
    RATE_LIMITED: "Слишком много запросов. Повторите попытку чуть позже.",
    INTERNAL_ERROR: "Произошла непредвиденная ошибка.",
    PAYLOAD_TOO_LARGE: "Запрос слишком большой.",
    UNSUPPORTED_MEDIA_TYPE: "Неподдерживаемый формат запроса (ожидается JSON).",
    HEADERS_TOO_LARGE: "Адрес или заголовки запроса слишком длинные.",
    REQUEST_TIMEOUT: "Запрос передавался слишком долго. Повторите попытку.",
    INVALID_CREDENTIALS: "Неверный адрес электронной почты или пароль.",
    TOO_MANY_ATTEMPTS:
      "Слишком много попыток входа. Повторите через {unit, select, second {{seconds, plural, one {# секунду} few {# секунды} many {# секунд} other {# секунды}}} other {{minutes, plural, one {# минуту} few {# минуты} many {# минут} other {# минуты}}}}.",
    NICKNAME_TAKEN: "Этот никнейм уже занят.",
    NICKNAME_REQUIRED: "Укажите никнейм.",
    INVALID_NICKNAME:
      "Псевдоним: от 3 до 20 букв, цифр или символов _ - . (без пробелов и эмодзи).",
    INVALID_EMAIL: "Некорректный адрес электронной почты.",
    EMAIL_IN_USE: "Этот адрес электронной почты уже используется.",
    WEAK_PASSWORD:
      "Пароль должен содержать не менее 8 символов, включая заглавную и строчную буквы, цифру и специальный символ.",
    INVALID_TOKEN: "Эта ссылка больше недействительна. Запросите новую.",
    VERIFICATION_COOLDOWN: "Письмо только что отправлено. Повторите через {{seconds}} с.",
    EMAIL_ALREADY_VERIFIED: "Ваш адрес электронной почты уже подтверждён.",
    INVALID_PASSWORD: "Неверный текущий пароль.",
    ADMIN_NOT_SIGNED_IN: "Пользователь не вошёл в систему",
    ADMIN_REQUIRED: "Доступ только для администраторов.",
    ADMIN_ACCESS_REQUIRED: "Введите код доступа администратора.",
    INVALID_ACCESS_CODE: "Неверный код доступа",
    ACCESS_CODE_TOO_SHORT: "Код должен содержать не менее 6 символов",
    ACCESS_CODE_CHANGE_FAILED: "Ошибка при смене кода",
    ACCESS_CODE_CHECK_FAILED: "Ошибка при проверке кода",
    EMAIL_NOT_VERIFIED: "Подтвердите адрес электронной почты, чтобы начать майнинг.",
    MINING_SESSION_ACTIVE: "Сессия майнинга уже активна",
    NO_MINING_SESSION: "Нет активной сессии майнинга.",
    REFERRAL_CODE_REQUIRED: "Укажите реферальный код.",
    REFERRAL_CODE_INVALID: "Неверный реферальный код.",
    REFERRAL_CODE_OWN: "Нельзя использовать собственный реферальный код.",
    REFERRER_ALREADY_SET: "У вас уже есть пригласивший.",
    REFERRAL_LOOP: "Такое приглашение создало бы цикл.",
    REFERRAL_REMIND_TOO_SOON:
      "Вы уже напоминали этому рефералу менее 24 часов назад. Следующее напоминание можно отправить через {unit, select, hour {{hours, plural, one {# час} few {# часа} many {# часов} other {# часа}}} other {{minutes, plural, one {# минуту} few {# минуты} many {# минут} other {# минуты}}}}.",
    REFERRAL_ALREADY_MINING: "Этот реферал сейчас майнит: напоминать не нужно.",
    BONUS_LOGIN_REQUIRED: "Войдите, чтобы использовать бонусный код.",
    BONUS_CODE_INVALID: "Неверный бонусный код.",
    BONUS_CODE_INACTIVE: "Этот код больше не активен.",
    BONUS_CODE_EXHAUSTED: "Этот код исчерпал максимальное число использований.",
    BONUS_CODE_ALREADY_USED: "Вы уже использовали этот код.",
    BONUS_CODE_ERROR: "Произошла ошибка при использовании кода.",
    BONUS_CODE_EXISTS: "Такой код уже существует.",
    BONUS_EMAIL_NOT_VERIFIED: "Подтвердите адрес электронной почты, чтобы активировать бонус-код.",
    ALREADY_CLAIMED: "Вы уже получили сегодняшнюю награду: возвращайтесь завтра.",
    DAILY_EMAIL_NOT_VERIFIED:
      "Подтвердите адрес электронной почты, чтобы получать ежедневную награду.",
    DAILY_ZONE_CHANGE_TOO_SOON:
      "Вы уже меняли часовой пояс на этой неделе: не чаще одного раза в неделю.",
    CIRCLE_EMAIL_NOT_VERIFIED:
      "Подтвердите адрес электронной почты, чтобы составить круг безопасности.",
    CIRCLE_USER_NOT_FOUND: "Нет пользователя с таким ником или реферальным кодом.",
    CIRCLE_SELF: "Нельзя добавить в круг самого себя.",
    CIRCLE_MEMBER_EXISTS: "Этот человек уже в вашем круге.",
    CIRCLE_FULL: "Ваш круг заполнен: не более {{max}} участников.",
    CIRCLE_MEMBER_NOT_FOUND: "Этого человека нет в вашем круге.",
    SQUAD_NOT_FOUND: "Такого отряда нет.",
    SQUAD_NAME_INVALID: "Название отряда — от 3 до 20 букв, цифр, _ - ., без пробелов.",
    SQUAD_NAME_TAKEN: "Отряд с таким названием уже есть.",
    SQUAD_LEVEL_REQUIRED: "Достигните уровня {{level}} конкурса, чтобы создать отряд.",
    ALREADY_IN_SQUAD: "Вы уже в отряде: сначала выйдите из него.",
    SQUAD_COOLDOWN:
      "Вы вышли из отряда менее 24 часов назад: вступить в другой можно через {{hours}} ч.",
    SQUAD_CLOSED: "Этот отряд больше не принимает новых участников.",
    NOT_IN_SQUAD: "Вы не состоите в отряде.",
    INSUFFICIENT_BALANCE: "Недостаточно средств на балансе.",
    BET_TOO_SMALL: "Слишком маленькая ставка: минимум {{min}} FRE.",
    BET_TOO_LARGE: "Слишком большая ставка: максимум {{max}} FRE.",
    ROUND_IN_PROGRESS: "Игра ещё идёт: сначала завершите её.",
    NO_ROUND: "Нет текущей игры.",
    NO_FREE_SPIN: "Бесплатных вращений нет: возвращайтесь завтра или пригласите друга.",
    BAD_DICE_TARGET:
      "Недопустимая цель: выберите число от {{min}} до {{max}}, не более двух знаков после запятой.",
    IDEMPOTENCY_KEY_REUSED: "Этот ключ идемпотентности уже использован для другого запроса.",
    NO_SESSION_FOR_TIME_REDUCTION: "Этот код сокращает сессию: сначала запустите сессию майнинга.",
    LEVEL_LOCKED: "Сначала пройдите предыдущий уровень.",
    LEVEL_ALREADY_VALIDATED: "Этот уровень уже пройден.",
    TASK_NOT_OPENED: "Сначала откройте ссылку задания.",
    TASK_TOO_SOON: "Выполните задание и подтвердите через несколько секунд.",
    TASK_NOT_DONE: "Задание ещё не выполнено.",
    TASK_UNAVAILABLE: "Это задание пока недоступно.",
    TON_PROOF_INVALID:
      "Подтверждение владения кошельком отклонено: {reason, select, signature {неверная подпись} domain {оно подписано для другого сайта} expired {оно устарело} payload {запрос неизвестен, уже использован или истёк} address {адрес не соответствует контракту кошелька} key {открытый ключ не совпадает} contract {кошелёк не распознан} other {оно некорректно}}.",
    WALLET_IN_USE: "Этот кошелёк уже привязан к другому аккаунту.",
    SHOP_ITEM_UNAVAILABLE: "Этот товар недоступен.",
    PACK_ALREADY_OWNED: "У вас уже есть этот пакет.",
    BOX_ALREADY_ACTIVE: "Бокс уже активен: другой можно купить, когда он закончится.",
    PAYMENT_IN_FLIGHT: "Платёж по этому заказу уже в пути: дождитесь его подтверждения.",
    ORDER_CLOSED: "Этот заказ больше не ждёт оплаты.",
    PAYMENT_ALREADY_RESOLVED: "Этот платёж уже обработан.",
    PAYMENT_COUNTED_IN_PAID_ORDER:
      "Этот платёж вошёл в оплату заказа: его нельзя вернуть или зачесть отдельно.",
    KYC_LOCKED:
      "{status, select, approved {Ваша личность уже подтверждена: заявку больше нельзя изменить.} other {Ваша заявка на рассмотрении: сейчас её нельзя изменить.}}",
    KYC_INCOMPLETE:
      "Заявка заполнена не полностью. Не хватает: {identity, select, first {личных данных} next {, личных данных} other {}}{address, select, first {адреса} next {, адреса} other {}}{document, select, first {документа} next {, документа} other {}}{front, select, first {фото лицевой стороны} next {, фото лицевой стороны} other {}}{back, select, first {фото оборотной стороны} next {, фото оборотной стороны} other {}}{selfie, select, first {селфи} next {, селфи} other {}}.",
    KYC_UNDERAGE: "Для подтверждения личности вам должно быть не меньше 18 лет.",
    KYC_FILE_REQUIRED: "Фото не получено. Выберите изображение для загрузки.",
    KYC_FILE_TYPE: "Этот файл не подходит: загрузите изображение JPEG, PNG или WebP.",
    KYC_FILE_TOO_LARGE: "Фото больше 10 МБ. Загрузите изображение поменьше.",
    KYC_NOT_PENDING: "Эта заявка не ожидает рассмотрения.",
    KYC_REQUIRED: "Чтобы вывести FRE, подтвердите свою личность (KYC).",
    KYC_RECHECK_REQUIRED: "Перед следующим выводом нужна повторная проверка личности (KYC).",
    RISK_RUN_BUSY: "Расчёт рисков уже выполняется: повторите попытку через несколько минут.",
    WALLET_REQUIRED: "Сначала подключите кошелёк TON, чтобы получить FRE.",
    AMOUNT_BELOW_MINIMUM: "Минимальная сумма вывода — {{minimum}} FRE.",
    WITHDRAWAL_PENDING: "У вас уже есть заявка на вывод: дождитесь её обработки или отмените её.",
    WITHDRAWAL_NOT_PENDING: "Этот вывод больше не ожидает обработки: изменить его нельзя.",
    WALLET_WITHDRAWAL_ACTIVE:
      "На этот кошелёк выполняется вывод: отключить его можно после завершения или отмены вывода.",
    WITHDRAWALS_UNAVAILABLE:
      "Вывод временно приостановлен. Ваши FRE остаются на балансе; попробуйте позже.",
    ACCOUNT_SUSPENDED:
      "Ваш аккаунт заблокирован. Если считаете это ошибкой, напишите в поддержку на {{email}} с адреса вашего аккаунта — входить не нужно.",
    SELF_ACTION_FORBIDDEN: "Это действие нельзя выполнить со своим аккаунтом.",
    FEATURE_DISABLED: "Эта функция временно отключена. Попробуйте позже.",
    TELEGRAM_DISABLED: "Вход через Telegram на этом сервере недоступен.",
    TELEGRAM_INIT_DATA_INVALID:
      "Telegram не смог подтвердить вашу личность. Откройте FRE из Telegram заново.",
    TELEGRAM_INIT_DATA_EXPIRED:
      "Сеанс Telegram истёк. Закройте FRE и откройте его из Telegram заново.",
    TELEGRAM_INIT_DATA_USED:
      "Этот запуск из Telegram уже использован. Закройте FRE и откройте его из Telegram заново.",
    TELEGRAM_EMAIL_ALREADY_SET: "У этого аккаунта уже есть адрес электронной почты.",
    TELEGRAM_ALREADY_LINKED:
      "Этот аккаунт Telegram уже привязан к другому аккаунту FRE (или этот аккаунт — к другому Telegram).",
    CHALLENGE_REQUIRED: "Нужна проверка от ботов: дождитесь её завершения и повторите попытку.",
    CHALLENGE_INVALID: "Проверка от ботов не пройдена или устарела: пройдите её заново.",
    LIMITS_UNAVAILABLE: "Сервис временно недоступен. Повторите попытку через несколько секунд.",
    MAINTENANCE:
      "FRE на техническом обслуживании. Ваши FRE в безопасности; попробуйте через несколько минут.",
    SELF_REVIEW_FORBIDDEN:
      "Вы не можете рассматривать собственную заявку: это должен сделать другой администратор.",
    SECOND_APPROVER_REQUIRED:
      "Этот вывод превышает порог: его должен одобрить второй администратор, не первый.",
    ERASURE_WITHDRAWAL_PENDING:
      "Идёт вывод средств: удалить аккаунт можно после его завершения или отмены.",
    LAST_ADMIN:
      "Не останется ни одного активного администратора: сначала назначьте другого администратора, затем повторите попытку.",
    ADMIN_GRANT_NOT_PENDING:
      "Этот запрос на роль администратора больше не ожидает решения (подтверждён, отменён, истёк или его автор больше не администратор): обновите страницу.",
    ADMIN_GRANT_NOT_INDEPENDENT:
      "Вы и администратор, подавший запрос, участвовали в назначении друг друга: подтвердить его должен другой администратор.",
    AD_IMAGE_INVALID:
      "Не удалось прочитать изображение. Отправьте JPEG, PNG или WebP размером не более 5 МБ.",
    WITHDRAWAL_STATE_CHANGED:
      "Этот вывод изменился после показа (его обработал другой администратор): обновите список и проверьте перед решением.",
  },
  mail: {
    purchaseSubject: "FRE — Покупка подтверждена",
    purchaseIntro:
      "Оплата за «{{itemName}}» получена: скорость майнинга выросла на +{{bonus}} FRE/ч.",
    purchaseAction: "Открыть магазин",
    greeting: "Здравствуйте, {{nickname}}!",
    signature: "Команда FRE",
    ignore: "Если вы не отправляли этот запрос, просто проигнорируйте это письмо.",
    linkFallback: "Если кнопка не работает, скопируйте эту ссылку в браузер:",
    verifySubject: "FRE — Подтвердите адрес электронной почты",
    verifyIntro:
      "Добро пожаловать в FRE! Подтвердите адрес электронной почты, чтобы начать майнинг.",
    verifyAction: "Подтвердить адрес",
    verifyExpiry: "Ссылка действительна 24 часа.",
    resetSubject: "FRE — Сброс пароля",
    resetIntro: "Вы запросили сброс пароля FRE.",
    resetAction: "Задать новый пароль",
    resetExpiry: "Ссылка действительна 1 час.",
    supportSubject: "FRE — Мы получили ваш запрос",
    supportIntro:
      "Ваш запрос «{{subject}}» зарегистрирован. Мы ответим в приложении, в разделе «Поддержка».",
    supportAction: "Следить за запросом",
    supportAnsweredSubject: "FRE — Ответ на ваш запрос",
    supportAnsweredIntro: "Команда FRE ответила на ваш запрос «{{subject}}».",
    kycApprovedSubject: "FRE — Личность подтверждена",
    kycApprovedIntro:
      "Хорошие новости: ваша личность подтверждена. Теперь вы можете выводить FRE на свой кошелёк TON.",
    kycApprovedAction: "Посмотреть статус",
    kycRejectedSubject: "FRE — В подтверждении личности отказано",
    kycRejectedIntro:
      "В подтверждении вашей личности отказано по указанной ниже причине. Вы можете исправить заявку и отправить её снова.",
    kycRejectedAction: "Продолжить проверку",
    withdrawalCompletedSubject: "FRE — Вывод выполнен",
    withdrawalCompletedIntro: "Ваш вывод {{amount}} FRE отправлен на кошелёк TON {{wallet}}.",
    withdrawalRejectedSubject: "FRE — Вывод отклонён",
    withdrawalRejectedIntro:
      "Ваша заявка на вывод {{amount}} FRE отклонена по указанной ниже причине. FRE возвращены на ваш баланс.",
    withdrawalFailedSubject: "FRE — Ошибка вывода",
    withdrawalFailedIntro:
      "Не удалось отправить ваш вывод {{amount}} FRE. FRE возвращены на ваш баланс: вы можете подать заявку снова.",
    withdrawalAction: "Открыть кошелёк",
  },
  notifications: {
    league_result: {
      title: "Итоги лиги",
      message:
        "Неделя завершена: {{rank}}/{{size}} в вашей группе лиги «{league, select, bronze {Бронза} silver {Серебро} gold {Золото} platinum {Платина} other {Алмаз}}».{rewarded, select, yes { +{{amount}} FRE.} other {}} {outcome, select, promoted {Повышение: на этой неделе лига «{next, select, bronze {Бронза} silver {Серебро} gold {Золото} platinum {Платина} other {Алмаз}}»!} demoted {Понижение: на этой неделе лига «{next, select, bronze {Бронза} silver {Серебро} gold {Золото} platinum {Платина} other {Алмаз}}».} other {Вы остаётесь в лиге «{next, select, bronze {Бронза} silver {Серебро} gold {Золото} platinum {Платина} other {Алмаз}}».}}",
    },
    mining_session_end: {
      title: "Сессия майнинга завершена",
      message: "Ваша сессия майнинга заканчивается. Заберите доход и запустите майнинг снова!",
    },
    mining_session_claim: {
      title: "Доход получен",
      message: "Вы получили {{amount}} FRE.",
    },
    slot_available: {
      title: "Бесплатное вращение",
      message: "Ваше бесплатное вращение слота доступно!",
    },
    slot_available_bonus: {
      title: "Бонусные вращения",
      message:
        "У вас {count, plural, one {# бонусное вращение} few {# бонусных вращения} many {# бонусных вращений} other {# бонусного вращения}} за рефералов!",
    },
    referral_active: {
      title: "Активный реферал",
      message: "{{nickname}} сейчас майнит: ваша скорость растёт.",
    },
    bonus_expiring: {
      title: "Буст скоро истечёт",
      message: "Ваш буст майнинга истекает через 24 часа.",
    },
    level_up: {
      title: "Уровень пройден",
      message: "Поздравляем! Вы прошли уровень {{level}}.",
    },
    support_answer: {
      title: "Ответ поддержки",
      message: "Команда FRE ответила на ваше обращение «{{subject}}».",
    },
    referral_reminder: {
      title: "Вас ждёт пригласивший",
      message:
        "{{nickname}} напоминает вам запустить сессию майнинга: FRE начисляются, даже когда приложение закрыто.",
    },
    withdrawal_complete: {
      title: "Вывод выполнен",
      message: "Ваш вывод {{amount}} FRE отправлен.",
    },
    purchase_confirmation: {
      title: "Покупка подтверждена",
      message: "Ваша покупка «{{itemName}}» подтверждена.",
    },
    kyc_decision: {
      title: "{decision, select, approved {Личность подтверждена} other {Проверка отклонена}}",
      message:
        "{decision, select, approved {Ваша личность подтверждена: вывод средств доступен.} other {В подтверждении личности отказано. Посмотрите причину и попробуйте снова.}}",
    },
    daily_reminder: {
      title: "Ваша ежедневная награда ждёт",
      message: "Заберите её до полуночи, чтобы не прервать серию!",
    },
  },
  /** The shop's items by id, named as the shop screen names them (shop.json item.*). */
  shopItems: {
    FRE1: "Пак FRE1",
    FRE3: "Пак FRE3",
    FRE5: "Пак FRE5",
    BOX7: "Бокс на 7 дн.",
    BOX15: "Бокс на 15 дн.",
    BOX22: "Бокс на 22 дн.",
    BOX30: "Бокс на 30 дн.",
    other: "Товар магазина",
  },
};
