auth-register-title = تسجيل فريق
auth-register-lede = يرفع الفريق تنبؤات نموذجه فتُقيَّم مقارنةً بمفتاح الإجابات المحجوب عن العموم.{" "}
auth-already-registered = هل سجّلت فريقك من قبل؟{" "}
auth-sign-in-link = سجّل الدخول
auth-team-name = اسم الفريق
auth-email = البريد الإلكتروني
auth-new-password = كلمة المرور (10 أحرف على الأقل)
auth-register-button = سجّل الفريق
auth-signin-title = تسجيل الدخول
auth-new-here = ليس لديك فريق بعد؟{" "}
auth-register-link = سجّل فريقًا
auth-password = كلمة المرور
auth-signin-button = دخول
auth-register-email = سنرسل رابطًا إلى عنوانكم: يستطيع فريقكم الرفع بعد أن تفتحوه. العنوان الواحد يسجّل فريقًا واحدًا.
auth-register-approved = يقبل أحد المنظّمين كل فريق جديد: يمكنكم تسجيل الدخول وإعداد فريقكم في الأثناء، والرفع بعد قبوله. العنوان الواحد يسجّل فريقًا واحدًا.
mail-verify-subject = تحقّقوا من عنوانكم في لوحة MedAraBench
mail-verify-body = سجّل أحدهم فريقًا في لوحة MedAraBench بهذا العنوان. افتحوا هذا الرابط خلال يومين للتحقق منه؛ ويستطيع الفريق رفع التنبؤات بعد التحقق:

    { $link }

    إن لم تكونوا أنتم، فتجاهلوا هذه الرسالة: لن يُرفع شيء باسمكم.
