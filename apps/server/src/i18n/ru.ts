import type { Catalog } from "./fr.ts";

export const ru: Catalog = {
  errors: {
    VALIDATION_ERROR: "Отправлены некорректные данные.",
    NOT_FOUND: "Ресурс не найден.",
    UNAUTHORIZED: "Необходимо войти в систему.",
    FORBIDDEN: "Доступ запрещён.",
    RATE_LIMITED: "Слишком много запросов. Повторите попытку чуть позже.",
    INTERNAL_ERROR: "Произошла непредвиденная ошибка.",
    INVALID_CREDENTIALS: "Неверный адрес электронной почты или пароль.",
    TOO_MANY_ATTEMPTS: "Слишком много попыток входа. Повторите через {{minutes}} мин.",
    NICKNAME_TAKEN: "Этот никнейм уже занят.",
    NICKNAME_REQUIRED: "Укажите никнейм.",
    INVALID_NICKNAME: "Никнейм должен содержать от 3 до 20 символов.",
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
  },
  mail: {
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
  },
  notifications: {
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
      message: "У вас {{count}} бонусных вращений за рефералов!",
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
    withdrawal_complete: {
      title: "Вывод выполнен",
      message: "Ваш вывод {{amount}} FRE отправлен.",
    },
    purchase_confirmation: {
      title: "Покупка подтверждена",
      message: "Ваша покупка {{item}} подтверждена.",
    },
  },
};
